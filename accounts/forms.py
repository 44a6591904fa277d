from django import forms

from accounts.models import User


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name", "preferred_language", "notify_your_turn", "notify_by_email"]

"""The profile's « Vacances » form: take days off the correspondence clocks, or end them
(play/actions/vacation.py does the work)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import redirect
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.guests import account_required
from play.actions import ServiceError
from play.actions.vacation import VACATION_DAYS_PER_YEAR, do_end_vacation, do_take_vacation

SIGN_UP = gettext_lazy("Créez un compte pour prendre des vacances.")


class VacationForm(forms.Form):
    days = forms.IntegerField(label=gettext_lazy("Nombre de jours"), min_value=1,
                              max_value=VACATION_DAYS_PER_YEAR, initial=7)
    start = forms.DateField(label=gettext_lazy("À partir du (vide : maintenant)"),
                            required=False, widget=forms.DateInput(attrs={"type": "date"}))


@account_required(message=SIGN_UP)
@require_POST
def take(request):
    form = VacationForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("accounts:profile")
    try:
        vacation = do_take_vacation(request.user, form.cleaned_data["days"],
                                    form.cleaned_data["start"])
    except ServiceError as refusal:
        messages.error(request, refusal.message())
    else:
        messages.success(request, _("Vacances enregistrées jusqu'au %(end)s : vos parties "
                                    "par correspondance vous attendront.") % {
            "end": formats.date_format(timezone.localtime(vacation.ends_at), "DATETIME_FORMAT")})
    return redirect("accounts:profile")


@account_required(message=SIGN_UP)
@require_POST
def end(request):
    try:
        do_end_vacation(request.user)
    except ServiceError as refusal:
        messages.error(request, refusal.message())
    else:
        messages.success(request, _("Vacances terminées : vos pendules reprennent où elles "
                                    "s'étaient arrêtées."))
    return redirect("accounts:profile")

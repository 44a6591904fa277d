from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("profil/", views.profile, name="profile"),
    path("profil/jetons/", views.create_token, name="create_token"),
    path("profil/jetons/<int:token_id>/revoquer/", views.revoke_token, name="revoke_token"),
]

"""Seeking opponents (/jouer/chercher/, /jouer/recherche/) and challenges (/defis/)."""

from django.urls import path

from pairing.web import views

app_name = "pairing"

urlpatterns = [
    path("jouer/chercher/<slug:slug>/", views.seek, name="seek_create"),
    path("jouer/recherches/<slug:slug>/", views.open_seeks, name="open_seeks"),
    path("jouer/recherche/<int:pk>/", views.seek_page, name="seek"),
    path("jouer/recherche/<int:pk>/etat/", views.seek_state, name="seek_state"),
    path("jouer/recherche/<int:pk>/annuler/", views.cancel_seek, name="seek_cancel"),
    path("jouer/recherche/<int:pk>/rejoindre/", views.join_seek, name="seek_join"),
    path("defis/", views.challenges, name="challenges"),
    path("defis/recus/", views.incoming, name="incoming"),
    path("defis/nouveau/<str:username>/", views.new_challenge, name="challenge_new"),
    path("defis/<int:pk>/", views.challenge_page, name="challenge"),
    path("defis/<int:pk>/etat/", views.challenge_state, name="challenge_state"),
    path("defis/<int:pk>/accepter/", views.accept, name="accept"),
    path("defis/<int:pk>/refuser/", views.decline, name="decline"),
    path("defis/<int:pk>/annuler/", views.cancel_challenge, name="challenge_cancel"),
]

"""/joueurs/: the players' public pages and the leaderboards."""

from django.urls import path

from play.web import players

app_name = "players"

urlpatterns = [
    path("classement/<slug:slug>/", players.leaderboard, name="leaderboard"),
    path("<str:username>/", players.player_page, name="player"),
]

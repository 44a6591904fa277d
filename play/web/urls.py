from django.urls import path

from play.web import archives, guests, lobby, players, tables, vacation

app_name = "play"

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("creer/<slug:slug>/", lobby.create_table, name="create"),
    path("maintenant/<slug:slug>/", lobby.play_now, name="play_now"),
    path("essayer/<slug:slug>/", guests.try_game, name="try"),
    path("invitation/<str:token>/", lobby.invitation, name="invitation"),
    path("tables/<int:table_id>/", tables.table_page, name="table"),
    path("tables/<int:table_id>/rejoindre/", tables.join, name="join"),
    path("tables/<int:table_id>/automate/", tables.add_bot, name="add_bot"),
    path("tables/<int:table_id>/places/<int:position>/liberer/", tables.free_seat,
         name="free_seat"),
    path("tables/<int:table_id>/quitter/", tables.leave, name="leave"),
    path("tables/<int:table_id>/agir/", tables.act, name="act"),
    path("tables/<int:table_id>/abandonner/", tables.resign, name="resign"),
    path("tables/<int:table_id>/annuler/", tables.abort, name="abort"),
    path("tables/<int:table_id>/je-reviens/", tables.come_back, name="come_back"),
    path("tables/<int:table_id>/nouveau-tapis/", tables.new_stack, name="new_stack"),
    path("tables/<int:table_id>/revanche/", tables.rematch, name="rematch"),
    path("tables/<int:table_id>/revanche/refuser/", tables.decline_rematch,
         name="decline_rematch"),
    path("tables/<int:table_id>/discussion/", tables.chat, name="chat"),
    path("tables/<int:table_id>/discussion/couper/", tables.mute_chat, name="mute_chat"),
    path("quatre-couleurs/", tables.four_colour, name="four_colour"),
    path("sons/", tables.sounds, name="sounds"),
    path("mes-parties/", lobby.my_games, name="my_games"),
    path("vacances/", vacation.take, name="take_vacation"),
    path("vacances/fin/", vacation.end, name="end_vacation"),
    path("a-vous/", lobby.waiting_on_me, name="waiting_on_me"),
    path("a-vous/suivante/", lobby.next_game, name="next_game"),
    path("historique/", players.history, name="history"),
    path("historique/tables/<int:table_id>/", players.history_session,
         name="history_session"),
    path("parties/<int:game_id>/", archives.archive_page, name="archive"),
    path("parties/<int:game_id>/main.phh", archives.hand_history, name="hand_history"),
    path("tables/<int:table_id>/mains.zip", archives.session_hand_histories,
         name="session_hand_histories"),
]

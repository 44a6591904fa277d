"""Websocket routes of the play app (the tables' live updates go here)."""

websocket_urlpatterns = []

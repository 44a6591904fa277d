"""/avis/: the notices' pages (notices/web.py)."""

from django.urls import path

from notices import web

app_name = "notices"

urlpatterns = [
    path("", web.notice_list, name="list"),
    path("compteurs/", web.counters, name="counters"),
    path("desabonner/<str:token>/", web.unsubscribe, name="unsubscribe"),
]

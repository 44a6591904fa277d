from django.urls import path

from rules import editing, views

app_name = "rules"

urlpatterns = [
    path("", views.index, name="index"),
    path("_ping/", views.ping, name="ping"),
    path("_apercu/", editing.preview, name="preview"),
    path("glossaire/", views.glossary, name="glossary"),
    path("glossaire/<slug:slug>/", views.term, name="term"),
    path("recherche/", views.search, name="search"),
    path("<slug:slug>/", views.page, name="page"),
    path("<slug:slug>/essayer/", views.try_position, name="try_position"),
    path("<slug:slug>/essayer/reprendre/", views.resume_position, name="resume_position"),
    path("<slug:slug>/historique/", editing.history, name="history"),
    path("<slug:slug>/historique/comparer/", editing.compare, name="compare"),
    path("<slug:slug>/historique/<int:version_id>/restaurer/", editing.restore, name="restore"),
    path("<slug:slug>/modifier/", editing.edit, name="edit"),
]

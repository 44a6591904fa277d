from django.urls import path

from play import views

app_name = "play"

urlpatterns = [
    path("", views.lobby, name="lobby"),
]

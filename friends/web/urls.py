"""/amis/: « Mes amis », and following and blocking a player (forms on their page)."""

from django.urls import path

from friends.web import views

app_name = "friends"

urlpatterns = [
    path("", views.my_friends, name="list"),
    path("suivre/<str:username>/", views.follow, name="follow"),
    path("ne-plus-suivre/<str:username>/", views.unfollow, name="unfollow"),
    path("bloquer/<str:username>/", views.block, name="block"),
    path("debloquer/<str:username>/", views.unblock, name="unblock"),
]

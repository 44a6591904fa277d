from django.urls import path

from notices.push import views

app_name = "push"
urlpatterns = [
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("notifications-push/abonnement/", views.subscribe, name="subscribe"),
    path("notifications-push/desabonnement/", views.unsubscribe, name="unsubscribe"),
    path("notifications-push/appareils/<int:device_id>/retirer/", views.remove_device,
         name="remove_device"),
]

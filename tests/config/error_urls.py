"""The site's URLs plus two that fail, for the error pages' tests."""

from django.core.exceptions import PermissionDenied
from django.urls import path

from config.urls import urlpatterns as site


def forbidden(request):
    raise PermissionDenied("not for you")


def broken(request):
    raise RuntimeError("the cellar flooded")


urlpatterns = [path("interdit/", forbidden), path("en-panne/", broken), *site]

"""The site's URLs plus a view that fails holding a hand of cards, for the error
tracker's tests."""

from django.urls import path

from config.urls import urlpatterns as site


def broken_deal(request):
    hand = ["Ah", "Kd", "7c", "Th.2"]  # a frame's local: never sent
    raise RuntimeError(f"the deal broke with the hand {hand}")


urlpatterns = [path("donne-cassee/", broken_deal), *site]

from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("regles/", include("rules.urls")),
    path("jouer/", include("play.web.urls")),
    # The economy's pages keep the paths they had under /jouer/ and /compte/.
    path("", include("economy.web.urls")),
    # Ours first: /compte/profil/ is not an allauth page.
    path("compte/", include("accounts.urls")),
    path("compte/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

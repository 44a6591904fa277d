from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from config.views import favicon

# The error pages are Django's views with the site's templates: 403.html (also for a form
# that fails the CSRF check, settings.CSRF_FAILURE_VIEW), 404.html and 500.html.
urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("favicon.ico", favicon, name="favicon"),
    path("regles/", include("rules.urls")),
    path("jouer/", include("play.web.urls")),
    path("joueurs/", include("play.web.player_urls")),
    # The economy's pages keep the paths they had under /jouer/ and /compte/.
    path("", include("economy.web.urls")),
    # Ours first: /compte/profil/ is not an allauth page.
    path("compte/", include("accounts.urls")),
    path("compte/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

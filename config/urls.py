from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from accounts.views import set_language
from api.v1 import api as api_v1
from config.views import admin_login, favicon, pret, sante
from play.web.guests import SignupView
from taverne.observability.views import metrics

# The error pages are Django's views with the site's templates: 403.html (also for a form
# that fails the CSRF check, settings.CSRF_FAILURE_VIEW), 404.html and 500.html.
urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("favicon.ico", favicon, name="favicon"),
    # The site as an app on a phone: /manifest.webmanifest, the service worker /sw.js (at
    # the root: its scope is the whole site), and a device's Web Push subscription.
    path("", include("notices.push.urls")),
    # The probes (config/probes.py answers them before the other middleware; listed here
    # so that reverse() and the URL list know them): the process is up; it can serve.
    path("sante/", sante, name="sante"),
    path("pret/", pret, name="pret"),
    path("regles/", include("rules.urls")),
    # Seeks and challenges (pairing/): /jouer/chercher/..., /jouer/recherche/..., /defis/.
    path("", include("pairing.web.urls")),
    path("jouer/", include("play.web.urls")),
    path("joueurs/", include("play.web.player_urls")),
    path("amis/", include("friends.web.urls")),
    path("avis/", include("notices.urls")),
    # The economy's pages keep the paths they had under /jouer/ and /compte/.
    path("", include("economy.web.urls")),
    # Ours first: /compte/profil/ is not an allauth page; allauth's sign-up, open to
    # guests (their games move to the new account).
    path("compte/", include("accounts.urls")),
    path("compte/signup/", SignupView.as_view(), name="account_signup"),
    path("compte/", include("allauth.urls")),
    # Django's language switcher, which also keeps a signed-in player's choice in their
    # profile (accounts/language.py).
    path("i18n/setlang/", set_language, name="set_language"),
    # The HTTP API for outside programs (docs/api.md): its OpenAPI document and docs page
    # are /api/v1/openapi.json and /api/v1/docs.
    path("api/v1/", api_v1.urls),
    # Before the admin's own: its login form had no limit on failed attempts.
    path("admin/login/", admin_login, name="admin_login"),
    path("admin/", admin.site.urls),
    # For Prometheus only (docs/operations.md, "Metrics"): anyone else gets a 404.
    path("metrics", metrics, name="metrics"),
]

# A failure in the middleware that read the session or the user before the view, while
# PostgreSQL or Redis is down, is a 503 « réessayez dans un instant », not a 500
# (taverne/unavailable.py); any other failure gets 500.html.
handler500 = "taverne.unavailable.server_error"

"""
ASGI entry point: HTTP goes to Django, websockets to the channels consumers.

Run with `daphne config.asgi:application` (or `manage.py runserver`, which is
daphne's in development).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Django must be set up before anything imports models (consumers, auth).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from accounts.socket_auth import TokenAuthMiddleware  # noqa: E402
from notices.socket import websocket_urlpatterns as account_patterns  # noqa: E402
from play.clock.scheduler import with_inprocess_scheduler  # noqa: E402
from play.socket.outages import answer_outages  # noqa: E402
from play.socket.routing import websocket_urlpatterns  # noqa: E402


def build_websocket_app(patterns):
    """Wrap websocket routes in the checks every socket goes through.

    The Origin check refuses sockets opened by pages of other sites (the
    browser sends the session cookie with them: cross-site websocket
    hijacking). The session gives the user, or a personal access token on the handshake
    (accounts/socket_auth.py: outside programs). Both read the database: with PostgreSQL
    down, the socket is answered ``unavailable`` (play/socket/outages.py). Tests build
    their own routes through this same function.
    """
    return AllowedHostsOriginValidator(
        answer_outages(AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(patterns))))
    )


# The in-process move scheduler (timers, bots) starts with the first request or socket
# when settings.PLAY_INPROCESS_SCHEDULER is on (embedded mode; see play/clock/scheduler.py).
application = with_inprocess_scheduler(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": build_websocket_app(account_patterns + websocket_urlpatterns),
        }
    )
)

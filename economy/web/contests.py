"""The public pages of the contests (concours): the list and one contest's standings."""

from django.shortcuts import get_object_or_404, render

from economy import contests, games
from economy.models import Contest


def contest_list(request):
    return render(request, "economy/contests/list.html", {
        "contests": [(c, contests.phase(c), games.name_or_slug(c.game_slug))
                     for c in Contest.objects.all()[:50]],
    })


def contest_detail(request, pk):
    """Standings, live while it runs (htmx polls the fragment), then the winners."""
    contest = get_object_or_404(Contest, pk=pk)
    ranked = contests.standings(contest)
    context = {
        "contest": contest,
        "game_name": games.name_or_slug(contest.game_slug),
        "phase": contests.phase(contest),
        "scoring": contests.scoring(contest),
        "standings": ranked,
        "winners": contests.winners(contest, ranked),
    }
    if getattr(request, "htmx", False):
        return render(request, "economy/contests/_standings.html", context)
    return render(request, "economy/contests/detail.html", context)

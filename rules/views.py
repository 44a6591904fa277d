from django.shortcuts import render


def index(request):
    """The list of the games' rules (placeholder until the rules are written)."""
    return render(request, "rules/index.html")

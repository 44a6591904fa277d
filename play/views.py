from django.shortcuts import render


def lobby(request):
    """The room where tables are listed (placeholder until the tables exist)."""
    return render(request, "play/lobby.html")

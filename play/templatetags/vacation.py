"""The « Vacances » panel of the profile page (accounts' template, play's data)."""

from __future__ import annotations

from django import template
from django.utils import timezone

from play.actions.vacation import VACATION_DAYS_PER_YEAR, current_vacation, days_left

register = template.Library()


@register.inclusion_tag("play/_vacation.html", takes_context=True)
def vacation_panel(context):
    user = context["user"]
    now = timezone.now()
    vacation = current_vacation(user.pk, now) if user.is_authenticated else None
    return {
        "vacation": vacation,
        "started": vacation is not None and vacation.starts_at <= now,
        "days_left": days_left(user, timezone.localdate(now).year),
        "per_year": VACATION_DAYS_PER_YEAR,
        "today": timezone.localdate(now).isoformat(),
        "csrf_token": context.get("csrf_token"),
    }

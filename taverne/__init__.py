"""Site-wide pieces that every app may use and that know no app: the bottom layer of the
site, above only Django and the ``cardgames`` library."""

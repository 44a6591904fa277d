"""The economy's pages, under the paths players have always used: the shop and the
wallet under /compte/, the cave's buttons, the tavern and the contests under /jouer/."""

from django.urls import path

from economy.web import caves, contests, shop, tavern

app_name = "economy"

urlpatterns = [
    path("compte/jetons/", shop.shop, name="shop"),
    path("compte/jetons/acheter/", shop.buy_tokens, name="buy_tokens"),
    path("compte/jetons/mains/", shop.buy_pack, name="buy_pack"),
    path("compte/jetons/sandbox/<str:ref>/", shop.sandbox_checkout, name="sandbox_checkout"),
    path("compte/achats/", shop.purchase_list, name="purchases"),
    path("compte/achats/<int:pk>/", shop.purchase_detail, name="purchase"),
    path("compte/mouvements/", shop.movements, name="movements"),
    path("compte/paiements/webhook/<str:provider>/", shop.payment_webhook,
         name="payment_webhook"),
    path("jouer/tables/<int:pk>/cave/", caves.cave_in, name="cave"),
    path("jouer/tables/<int:pk>/ramasser/", caves.cash_out, name="cash_out"),
    path("jouer/tables/<int:pk>/cave/panneau/", caves.cave_panel, name="cave_panel"),
    path("jouer/maison/<str:key>/caver/", caves.house_cave, name="house_cave"),
    path("jouer/tables/<int:pk>/se-lever/", caves.stand_up, name="stand_up"),
    path("jouer/tables/<int:pk>/se-rasseoir/", caves.sit_back, name="sit_back"),
    path("jouer/ma-taverne/", tavern.tavern, name="tavern"),
    path("jouer/concours/", contests.contest_list, name="contests"),
    path("jouer/concours/<int:pk>/", contests.contest_detail, name="contest"),
]

from django.urls import path

from accounts import shop_views, views

app_name = "accounts"

urlpatterns = [
    path("profil/", views.profile, name="profile"),
    path("jetons/", shop_views.shop, name="shop"),
    path("jetons/acheter/", shop_views.buy_tokens, name="buy_tokens"),
    path("jetons/mains/", shop_views.buy_pack, name="buy_pack"),
    path("jetons/sandbox/<str:ref>/", shop_views.sandbox_checkout, name="sandbox_checkout"),
    path("achats/", shop_views.purchases, name="purchases"),
    path("achats/<int:pk>/", shop_views.purchase_detail, name="purchase"),
    path("mouvements/", shop_views.movements, name="movements"),
    path("paiements/webhook/<str:provider>/", shop_views.payment_webhook, name="payment_webhook"),
]

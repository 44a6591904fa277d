from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("profil/", views.profile, name="profile"),
    path("jetons/", views.shop, name="shop"),
    path("jetons/acheter/", views.buy_tokens, name="buy_tokens"),
    path("jetons/mains/", views.buy_pack, name="buy_pack"),
    path("jetons/sandbox/<str:ref>/", views.sandbox_checkout, name="sandbox_checkout"),
    path("achats/", views.purchases, name="purchases"),
    path("achats/<int:pk>/", views.purchase_detail, name="purchase"),
    path("mouvements/", views.movements, name="movements"),
    path("paiements/webhook/<str:provider>/", views.payment_webhook, name="payment_webhook"),
]

def test_it_shows_the_lobby(client, db):
    response = client.get("/jouer/")

    assert response.status_code == 200
    assert "Salle de jeu" in response.content.decode()

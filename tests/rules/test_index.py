def test_it_shows_the_rules_index(client, db):
    response = client.get("/regles/")

    assert response.status_code == 200
    assert "Règles des jeux" in response.content.decode()

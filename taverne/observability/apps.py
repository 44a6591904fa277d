from django.apps import AppConfig


class ObservabilityConfig(AppConfig):
    name = "taverne.observability"
    label = "observability"

    def ready(self):
        # Every process that runs tasks (db_worker, or the server with the immediate
        # backend) logs and counts each one.
        from taverne.observability import tasks

        tasks.connect()

"""Querysets of a move's common path, compiled into SQL once per process and database.

Compiling a queryset costs more than running it: the seats of a table with who is
connected and their players (a join and an ``EXISTS``) took 2.1 ms to compile and 0.9 ms
to run and read on PostgreSQL (docs/performance.md, "A move at production scale"). A
``CompiledSelect`` compiles its queryset the first time, with two sets of stand-in values
to find where each parameter sits in the SQL, and afterwards only swaps the parameters,
runs the SQL, and builds the rows into model instances as Django's own iterator does (its
converters, the related rows of ``select_related``, the annotations). The queryset stays
the one place that says what is read: a field added to a model is read too.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connections
from django.db.models.query import get_related_populators


@dataclass(frozen=True)
class Parameter:
    """A value of the queryset: two stand-ins that appear nowhere else in its SQL's
    parameters, and how a value is made ready for the database (as the lookup would)."""

    first: object
    second: object
    prepare: Callable[[object, object], object] = lambda value, connection: value


class _Compiled:
    def __init__(self, queryset, positions, using):
        compiler = queryset.query.get_compiler(using=using)
        self.sql, params = compiler.as_sql()
        self.template = list(params)
        self.positions = positions
        select = compiler.select
        klass_info = compiler.klass_info
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [column[0].target.attname for column in select[self.start:self.end]]
        self.annotations = dict(compiler.annotation_col_map)
        self.converters = list(
            compiler.get_converters([column[0] for column in select]).items())
        self.fetch_mode = queryset._fetch_mode
        self.populators = get_related_populators(klass_info, select, using, self.fetch_mode)


class CompiledSelect:
    """``build(**values)`` returns the queryset; ``rows(**values)`` its model instances."""

    def __init__(self, build: Callable[..., object], **parameters: Parameter):
        self.build = build
        self.parameters = parameters
        self._compiled: dict[str, _Compiled] = {}
        self._lock = threading.Lock()

    def _compile(self, using: str) -> _Compiled:
        compiled = self._compiled.get(using)
        if compiled is not None:
            return compiled
        with self._lock:
            first = self.build(**{n: p.first for n, p in self.parameters.items()})
            second = self.build(**{n: p.second for n, p in self.parameters.items()})
            a = first.query.get_compiler(using=using).as_sql()[1]
            b = second.query.get_compiler(using=using).as_sql()[1]
            connection = connections[using]
            positions = {}
            for name, parameter in self.parameters.items():
                one = parameter.prepare(parameter.first, connection)
                two = parameter.prepare(parameter.second, connection)
                positions[name] = [i for i, (x, y) in enumerate(zip(a, b, strict=True))
                                   if x != y and x == one and y == two]
                if not positions[name]:
                    raise ValueError(f"parameter {name!r} not found in the compiled query")
            compiled = _Compiled(first, positions, using)
            self._compiled[using] = compiled
            return compiled

    def rows(self, using: str = "default", **values) -> list:
        compiled = self._compile(using)
        connection = connections[using]
        params = list(compiled.template)
        for name, places in compiled.positions.items():
            value = self.parameters[name].prepare(values[name], connection)
            for place in places:
                params[place] = value
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        instances = []
        for row in rows:
            if compiled.converters:  # as the compiler's apply_converters, on this thread's
                row = list(row)      # connection
                for place, (converters, expression) in compiled.converters:
                    value = row[place]
                    for converter in converters:
                        value = converter(value, expression, connection)
                    row[place] = value
            instance = compiled.model.from_db(using, compiled.init_list,
                                              row[compiled.start:compiled.end],
                                              fetch_mode=compiled.fetch_mode)
            for populator in compiled.populators:
                populator.populate(row, instance)
            for name, place in compiled.annotations.items():
                setattr(instance, name, row[place])
            instances.append(instance)
        return instances


class CompiledWrite:
    """A model's row inserted, or some of its columns updated, by SQL written once per
    database from the model's fields: the values are made ready as ``save()`` makes them
    (``pre_save``, then ``get_db_prep_save``), without compiling a query each time. No
    signal is sent: a model written here has no receiver of ``pre_save``/``post_save``
    (``test_the_moves_models_have_no_save_signals`` keeps it so)."""

    def __init__(self, model, update_fields: tuple[str, ...] = ()):
        self.model = model
        meta = model._meta
        self.insert_fields = [f for f in meta.concrete_fields if not f.primary_key]
        self.update_fields = [meta.get_field(name) for name in update_fields]
        for field in (*self.insert_fields, *self.update_fields):
            if "get_placeholder_sql" in type(field).__dict__:
                raise ValueError(f"{field} needs a placeholder of its own")
        self._sql: dict[str, tuple[str, str]] = {}

    def _statements(self, connection) -> tuple[str, str]:
        sql = self._sql.get(connection.alias)
        if sql is None:
            quote = connection.ops.quote_name
            meta = self.model._meta
            table = quote(meta.db_table)
            columns = ", ".join(quote(f.column) for f in self.insert_fields)
            places = ", ".join(["%s"] * len(self.insert_fields))
            insert = (f"INSERT INTO {table} ({columns}) VALUES ({places}) "
                      f"RETURNING {quote(meta.pk.column)}")
            sets = ", ".join(f"{quote(f.column)} = %s" for f in self.update_fields)
            update = f"UPDATE {table} SET {sets} WHERE {quote(meta.pk.column)} = %s"
            sql = self._sql[connection.alias] = (insert, update)
        return sql

    def insert(self, instance, using: str = "default") -> None:
        connection = connections[using]
        if not connection.features.can_return_columns_from_insert:
            instance.save(using=using, force_insert=True)
            return
        insert, _ = self._statements(connection)
        params = [f.get_db_prep_save(f.pre_save(instance, True), connection)
                  for f in self.insert_fields]
        with connection.cursor() as cursor:
            cursor.execute(insert, params)
            instance.pk = cursor.fetchone()[0]
        instance._state.adding = False
        instance._state.db = using

    def update(self, instance, using: str = "default") -> None:
        """Write ``update_fields`` of an instance already saved."""
        connection = connections[using]
        _, update = self._statements(connection)
        params = [f.get_db_prep_save(f.pre_save(instance, False), connection)
                  for f in self.update_fields]
        params.append(self.model._meta.pk.get_db_prep_value(instance.pk, connection))
        with connection.cursor() as cursor:
            cursor.execute(update, params)
            if cursor.rowcount != 1:
                raise self.model.DoesNotExist(f"{self.model.__name__} {instance.pk} is gone")

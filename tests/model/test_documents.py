"""The print documents' registry (model/pdf/documents.py): each document declared once, its builder of the one
signature, and its ``warbench`` command printing what its builder makes."""

from __future__ import annotations

import dataclasses
import inspect
from importlib import import_module

import pytest

from warbench.cli import main
from warbench.model.fileio import parse_army, read_army_bytes
from warbench.model.pdf.documents import (
    DOCUMENTS,
    Document,
    PrintOptions,
    command_arguments,
    commands,
    document,
    sheet_date,
)
from warbench.model.resources import examples_dir

ORC = examples_dir() / "orc-and-ghoblin-force.army.json"


def test_every_document_is_declared_once_with_a_builder_of_the_one_signature():
    assert len({doc.key for doc in DOCUMENTS}) == len(DOCUMENTS)
    fields = {f.name for f in dataclasses.fields(PrintOptions)}
    for doc in DOCUMENTS:
        assert doc.title and doc.export_title and doc.export_text and doc.help, doc.key
        assert doc.reads <= fields, doc.key
        build = import_module(f"warbench.model.pdf.{doc.builder}").build
        assert list(inspect.signature(build).parameters) == ["army", "options", "progress"], doc.key
        assert document(doc.key) is doc
    with pytest.raises(ValueError, match="'scenario' is not one of sheet, summary, cards, balance, tracker"):
        document("scenario")


def _flag(doc: Document) -> list[str]:
    """The flag that chooses ``doc`` in a command shared with another (``sheet --summary``)."""
    return [a.flag for a in doc.arguments if not a.field and a.keywords.get("const") == doc.key]


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda doc: doc.key)
def test_each_document_prints_by_its_command_as_its_builder_makes_it(doc, tmp_path, capsys):
    out = tmp_path / f"{doc.key}.pdf"
    assert main([doc.command, str(ORC), "-o", str(out), *_flag(doc)]) == 0
    source = read_army_bytes(ORC)
    army = parse_army(source, str(ORC))
    date = sheet_date(army) if "date" in doc.reads else None
    options = PrintOptions(date=date, source=source, source_name=ORC.name)
    assert out.read_bytes() == doc.build(army, options)
    said = capsys.readouterr().out
    assert said.startswith(f"wrote {out}") and (doc.note is None or doc.note(options) in said)


def test_a_command_lists_the_options_of_its_documents_once_in_their_order():
    sheet = [a.flag for a in command_arguments(commands()["sheet"])]
    assert sheet == ["--paper", "--landscape", "--merge", "--tick-boxes", "--summary", "--date", "--balance"]
    assert [doc.key for doc in commands()["sheet"]] == ["sheet", "summary", "balance"]

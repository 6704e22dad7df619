"""Builds the table and marks the page ready."""

from pyscript import document, window


def start() -> None:
    app = document.getElementById("app")
    table = document.createElement("div")
    table.className = "table"
    for index in range(1, 8):
        column = document.createElement("div")
        column.className = "pile tableau"
        column.dataset.pile = f"t{index}"
        table.appendChild(column)
    app.appendChild(table)
    window.solitaireBoot.done()
    document.body.dataset.ready = "true"

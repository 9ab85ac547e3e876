"""Task memory from the project's history: commits grouped into tasks, stored as `task` memories."""

from lore.history.importer import HistoryResult, import_history
from lore.history.query import History, file_line, history_for
from lore.history.settings import HistorySettings, read_settings

__all__ = ["History", "HistoryResult", "HistorySettings", "file_line", "history_for", "import_history", "read_settings"]

"""The symbols the meaning-only bar is calibrated on are the workspace's own code, not its tests: RSpec's
`_spec.rb`, Jest's `.spec.ts` / `.test.tsx` and test folders are left out of the sample as `test_*.py`
files always were, while a folder merely named `spec` (OpenAPI schemas) stays in."""

from lore.recall.calibration import is_test, sample_symbol_texts
from tree_files import write


def test_spec_files_are_tests_and_a_spec_folder_alone_is_not():
    for rel in ("spec/models/edition_spec.rb", "src/lib/features/flag.spec.ts", "frontend/src/App.test.tsx",
                "app/tests/test_models.py", "internal/reader_test.go", "tests/conftest.py", "pkg/testutil.go",
                "spec/models/shared/formatted_time_for_examples.rb"):
        assert is_test(rel), rel
    for rel in ("app/models/edition.rb", "src/lib/openapi/spec/feature-schema.ts", "lib/specification.rb",
                "app/services/contest_entry.rb"):
        assert not is_test(rel), rel


def test_the_sample_leaves_spec_files_out(tmp_workspace):
    files = {f"app/models/model_{i}.rb": f"class LedgerModel{i}\n  def post_entry\n  end\nend\n" for i in range(12)}
    files |= {f"spec/models/model_{i}_spec.rb": f"class SpecOnly{i}\n  def check_entry\n  end\nend\n"
              for i in range(12)}
    files |= {f"src/components/widget_{i}.spec.ts": f"export function specWidget{i}() {{}}\n" for i in range(6)}
    write(tmp_workspace, files)
    texts = sample_symbol_texts(tmp_workspace)
    assert len(texts) == 24  # a class and its method in each of the 12 model files
    assert not [t for t in texts if "spec" in t.lower()]


def test_a_file_added_moves_only_its_own_place_in_the_sample(tmp_workspace):
    """Each file is drawn by a hash of its path: adding one (or leaving a new kind of test out) changes the
    sample by that file at most, so the bar every memory is measured against does not jump with it."""
    files = {f"app/models/model_{i}.rb": f"class LedgerModel{i}\n  def post_entry_{i}\n  end\nend\n" for i in range(100)}
    write(tmp_workspace, files)
    before = sample_symbol_texts(tmp_workspace)
    write(tmp_workspace, {"app/models/zz_added.rb": "class AddedModel\n  def added_entry\n  end\nend\n"})
    after = sample_symbol_texts(tmp_workspace)
    assert len(before) == len(after) == 160  # 80 files of 100, a class and a method each
    assert len(set(before) - set(after)) <= 2  # at most the one file the added one pushed out

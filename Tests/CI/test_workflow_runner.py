"""The local workflow runner's pure parts: expressions, substitution, step selection, job order, the
$GITHUB_OUTPUT format, the folder cache; and the documented workflow read by it, step by step."""

import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import workflow_runner  # noqa: E402
from workflow_runner import WorkflowError, evaluate, selected, substitute  # noqa: E402

WORKFLOW = os.path.join(os.path.dirname(os.path.dirname(HERE)), "docs", "ci", "github-actions.yml")
CONTEXT = {"github": {"run_id": "7", "event_name": "schedule", "workspace": "/w"},
           "env": {"NEWSGEN_DEB": "", "NEWSGEN_REPOSITORY": "https://example.org/newsgen", "NEWSGEN_VERSION": "main"},
           "steps": {"commit": {"outputs": {"sha": "abc123"}, "outcome": "success"},
                     "newsgen": {"outputs": {"cache-hit": "true"}, "outcome": "success"}}}


class ExpressionTests(unittest.TestCase):
    def test_names_from_the_documented_table(self):
        self.assertEqual(evaluate("github.run_id", CONTEXT), "7")
        self.assertEqual(evaluate("steps.commit.outputs.sha", CONTEXT), "abc123")
        self.assertEqual(evaluate("steps.newsgen.outputs.cache-hit", CONTEXT), "true")
        self.assertEqual(evaluate("steps.missing.outputs.sha", CONTEXT), "")
        self.assertEqual(evaluate("env.NEWSGEN_VERSION", CONTEXT), "main")

    def test_an_unknown_name_is_an_error_naming_it(self):
        with self.assertRaisesRegex(WorkflowError, "secrets.TOKEN"):
            evaluate("secrets.TOKEN", CONTEXT)
        with self.assertRaisesRegex(WorkflowError, "github.sha"):
            evaluate("github.sha", CONTEXT)

    def test_comparisons_ignore_case_and_coerce_like_github(self):
        self.assertIs(evaluate("steps.newsgen.outputs.cache-hit != 'true'", CONTEXT), False)
        self.assertIs(evaluate("'TRUE' == 'true'", CONTEXT), True)
        self.assertIs(evaluate("env.NEWSGEN_DEB == ''", CONTEXT), True)
        self.assertIs(evaluate("null == ''", CONTEXT), True)
        self.assertIs(evaluate("true == 1", CONTEXT), True)
        self.assertIs(evaluate("'it''s' == 'it''s'", CONTEXT), True)

    def test_logic_and_parentheses(self):
        self.assertIs(evaluate("env.NEWSGEN_DEB == '' && steps.newsgen.outputs.cache-hit != 'true'", CONTEXT), False)
        self.assertIs(evaluate("!(env.NEWSGEN_DEB != '') || false", CONTEXT), True)
        self.assertEqual(evaluate("env.NEWSGEN_DEB || 'fallback'", CONTEXT), "fallback")
        self.assertEqual(evaluate("env.NEWSGEN_VERSION && 'set'", CONTEXT), "set")
        self.assertIs(evaluate("success() && true", CONTEXT), True)

    def test_malformed_expressions_are_errors(self):
        for text in ("(true", "env.X ==", "'open", "a ; b", "true true"):
            with self.assertRaises(WorkflowError, msg=text):
                evaluate(text, CONTEXT)

    def test_substitution_in_text(self):
        self.assertEqual(substitute("key: newsgen-${{ steps.commit.outputs.sha }}", CONTEXT), "key: newsgen-abc123")
        self.assertEqual(substitute("newsgen-cache-${{github.run_id}}-${{ true }}", CONTEXT), "newsgen-cache-7-true")
        self.assertEqual(substitute("no expressions here", CONTEXT), "no expressions here")
        self.assertEqual(substitute(5, CONTEXT), "5")


class StepSelectionTests(unittest.TestCase):
    def test_if_with_and_without_braces(self):
        self.assertTrue(selected({"run": "x"}, CONTEXT))
        self.assertTrue(selected({"if": "env.NEWSGEN_DEB == ''"}, CONTEXT))
        self.assertTrue(selected({"if": "${{ env.NEWSGEN_DEB == '' }}"}, CONTEXT))
        self.assertFalse(selected({"if": "env.NEWSGEN_DEB != ''"}, CONTEXT))
        self.assertFalse(selected({"if": False}, CONTEXT))

    def test_the_documented_workflow_runs_the_cached_binary_without_building_it(self):
        steps = workflow_runner.load(WORKFLOW)["jobs"]["build"]["steps"]
        hit = [step.get("name") or step["uses"] for step in steps if selected(step, CONTEXT)]
        self.assertNotIn("Build newsgen", hit)
        self.assertNotIn("Install newsgen from the release's .deb", hit)
        self.assertIn("Restore newsgen", hit)
        self.assertIn("Build the site", hit)
        missed = dict(CONTEXT, steps={"commit": CONTEXT["steps"]["commit"], "newsgen": {"outputs": {"cache-hit": "false"}}})
        self.assertIn("Build newsgen", [step.get("name") for step in steps if selected(step, missed)])

    def test_without_a_source_only_the_first_step_runs_and_it_fails(self):
        steps = workflow_runner.load(WORKFLOW)["jobs"]["build"]["steps"]
        self.assertEqual(steps[0]["name"], "Check where newsgen comes from")
        self.assertNotIn(steps[0]["name"], [step.get("name") for step in steps if selected(step, CONTEXT)])
        unknown = dict(CONTEXT, env={"NEWSGEN_DEB": "", "NEWSGEN_REPOSITORY": "", "NEWSGEN_VERSION": "HEAD"})
        self.assertTrue(selected(steps[0], unknown))
        self.assertIn("exit 1", steps[0]["run"])
        deb = dict(CONTEXT, env={"NEWSGEN_DEB": "https://example.org/newsgen_1.0_amd64.deb", "NEWSGEN_REPOSITORY": ""})
        self.assertFalse(selected(steps[0], deb))

    def test_the_documented_workflow_with_a_deb_builds_nothing(self):
        steps = workflow_runner.load(WORKFLOW)["jobs"]["build"]["steps"]
        deb = dict(CONTEXT, env={"NEWSGEN_DEB": "https://example.org/newsgen_1.0_amd64.deb"}, steps={})
        chosen = [step.get("name") or step["uses"] for step in steps if selected(step, deb)]
        self.assertIn("Install newsgen from the release's .deb", chosen)
        for name in ("Find newsgen's commit", "Restore newsgen", "Build newsgen", "Install newsgen's C libraries"):
            self.assertNotIn(name, chosen)
        self.assertIn("Build the site", chosen)

    def test_actions_and_job_order(self):
        self.assertEqual(workflow_runner.action({"uses": "actions/cache@v4"}), "actions/cache")
        self.assertIsNone(workflow_runner.action({"run": "true"}))
        workflow = workflow_runner.load(WORKFLOW)
        self.assertEqual(workflow_runner.job_order(workflow), ["build", "deploy"])
        self.assertIn("schedule", workflow["on"])
        self.assertEqual(workflow_runner.job_order({"jobs": {"c": {"needs": ["a", "b"]}, "b": {"needs": "a"}, "a": {}}}), ["a", "b", "c"])
        with self.assertRaisesRegex(WorkflowError, "cycle"):
            workflow_runner.job_order({"jobs": {"a": {"needs": "b"}, "b": {"needs": "a"}}})


class CommandFileTests(unittest.TestCase):
    def test_name_value_and_heredoc_lines(self):
        text = "sha=abc=def\nnotes<<EOF\none\ntwo\nEOF\nempty=\n"
        self.assertEqual(workflow_runner.parse_command_file(text), {"sha": "abc=def", "notes": "one\ntwo", "empty": ""})


class FolderCacheTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="newsgen-cache-test.")
        self.addCleanup(shutil.rmtree, self.folder)
        self.cache = workflow_runner.FolderCache(os.path.join(self.folder, "cache"))

    def place(self, name, text):
        path = os.path.join(self.folder, "work", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as file:
            file.write(text)

    def resolve(self, name):
        return os.path.join(self.folder, "work", name)

    def read(self, name):
        with open(self.resolve(name)) as file:
            return file.read()

    def test_exact_key_is_a_hit_and_a_prefix_restores_the_newest(self):
        self.place("c/a.txt", "one")
        self.assertTrue(self.cache.save(["c"], self.resolve, "cache-1"))
        self.place("c/a.txt", "two")
        self.assertTrue(self.cache.save(["c"], self.resolve, "cache-2"))
        self.place("c/a.txt", "three")
        self.assertTrue(self.cache.save(["c"], self.resolve, "cache-2"), "a saved key is kept as it is")
        shutil.rmtree(os.path.join(self.folder, "work"))
        self.assertEqual(self.cache.restore(["c"], self.resolve, "cache-1", []), (True, "cache-1"))
        self.assertEqual(self.read("c/a.txt"), "one")
        self.assertEqual(self.cache.restore(["c"], self.resolve, "cache-9", ["other-", "cache-"]), (False, "cache-2"))
        self.assertEqual(self.read("c/a.txt"), "two")
        self.assertEqual(self.cache.restore(["c"], self.resolve, "cache-9", ["other-"]), (False, None))

    def test_files_and_folders_come_back_with_their_names_and_nanosecond_times(self):
        self.place("site/.newsgen/last-build.json", "{}")
        self.place("site/public/a&b,c.html", "page")
        stamp = 1_796_302_396_074_622_799
        for name in ("site/.newsgen/last-build.json", "site/public/a&b,c.html"):
            os.utime(self.resolve(name), ns=(stamp, stamp))
        names = ["site/.newsgen/last-build.json", "site/public"]
        self.assertTrue(self.cache.save(names, self.resolve, "k"))
        shutil.rmtree(os.path.join(self.folder, "work"))
        self.place("site/public/README.md", "checked out")
        self.assertEqual(self.cache.restore(names, self.resolve, "k", []), (True, "k"))
        self.assertEqual(sorted(os.listdir(self.resolve("site/public"))), ["README.md", "a&b,c.html"], "tar unpacks over what is there")
        for name in ("site/.newsgen/last-build.json", "site/public/a&b,c.html"):
            self.assertEqual(os.stat(self.resolve(name)).st_mtime_ns, stamp, name)
        self.assertEqual(os.listdir(self.resolve("site/.newsgen")), ["last-build.json"])

    def test_nothing_at_the_paths_saves_nothing(self):
        self.assertFalse(self.cache.save(["absent"], self.resolve, "k"))
        self.assertEqual(self.cache.index(), [])


class LocalRunnerTests(unittest.TestCase):
    """A small workflow through the runner: outputs, PATH, env, skipped steps, the cache's post step."""

    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="newsgen-runner-test.")
        self.addCleanup(shutil.rmtree, self.folder)
        self.remote = os.path.join(self.folder, "remote.git")
        os.system("git init -q --bare %s" % self.remote)

    def workflow(self, steps):
        return {"env": {"GREETING": "hello"}, "jobs": {"build": {"env": {"JOB": "j-${{ github.run_id }}"}, "steps": steps}}}

    def test_outputs_path_env_and_skips(self):
        steps = [
            {"id": "first", "run": 'echo "word=${GREETING}-$JOB" >> "$GITHUB_OUTPUT"; mkdir -p "$HOME/bin"\n'
                                   'printf "#!/bin/sh\\necho tool\\n" > "$HOME/bin/tool"; chmod +x "$HOME/bin/tool"\n'
                                   'echo "$HOME/bin" >> "$GITHUB_PATH"'},
            {"name": "uses the output", "if": "steps.first.outputs.word == 'HELLO-j-1'",
             "run": 'echo "${{ steps.first.outputs.word }} $(tool)"'},
            {"name": "skipped", "if": "steps.first.outputs.word == 'other'", "run": "exit 1"},
            {"name": "cached", "uses": "actions/cache@v4", "with": {"path": "out", "key": "k-${{ github.run_id }}"}},
            {"name": "writes", "run": "mkdir -p out; echo saved > out/file"},
        ]
        runner = workflow_runner.LocalRunner(self.workflow(steps), os.path.join(self.folder, "runner"), self.remote)
        log = runner.run(1)
        self.assertEqual([(name, state) for _, name, state, _, _ in log],
                         [("echo \"word=${GREETING}-$JOB\" >> \"$GITHUB_OUTPUT\"; mkdir -p \"$HOME/bin\"", "ran"),
                          ("uses the output", "ran"), ("skipped", "skipped"), ("cached", "ran"), ("writes", "ran"),
                          ("Post cached", "ran")])
        self.assertEqual(log[1][3], "hello-j-1 tool\n")
        self.assertEqual([entry["key"] for entry in runner.cache.index()], ["k-1"])

    def test_a_failing_step_stops_the_job_and_saves_nothing(self):
        steps = [{"name": "cached", "uses": "actions/cache@v4", "with": {"path": "out", "key": "k"}},
                 {"name": "fails", "run": "mkdir out; echo partial > out/file; echo broken; false; echo never"}]
        runner = workflow_runner.LocalRunner(self.workflow(steps), os.path.join(self.folder, "runner"), self.remote)
        with self.assertRaises(workflow_runner.StepFailed) as failure:
            runner.run(1)
        self.assertEqual((failure.exception.step, failure.exception.output), ("fails", "broken\n"))
        self.assertEqual(runner.cache.index(), [])

    def test_unknown_actions_env_and_paths_outside_the_run_are_refused(self):
        runner = workflow_runner.LocalRunner(self.workflow([{"uses": "actions/setup-node@v4"}]),
                                             os.path.join(self.folder, "runner"), self.remote)
        with self.assertRaisesRegex(WorkflowError, "setup-node"):
            runner.run(1)
        with self.assertRaisesRegex(WorkflowError, "NOT_THERE"):
            workflow_runner.LocalRunner(self.workflow([]), self.folder, self.remote, env_overrides={"NOT_THERE": "x"})
        outside = self.workflow([{"uses": "actions/cache@v4", "with": {"path": "/usr/local/bin/newsgen", "key": "k"}}])
        with self.assertRaisesRegex(WorkflowError, "outside the run's folder"):
            workflow_runner.LocalRunner(outside, os.path.join(self.folder, "runner2"), self.remote).run(1)


if __name__ == "__main__":
    unittest.main()

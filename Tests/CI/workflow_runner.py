"""A GitHub Actions workflow's jobs run on this machine, step by step, for `make ci-example-check`.

The workflow is read with a real YAML parser (PyYAML) and its steps are the file's own: each `run:`
step is executed with `bash -e` (GitHub's default shell), in order, after its `${{ … }}` expressions
are substituted and its `if:` is evaluated. Each `uses:` step is replaced by a local equivalent:

  actions/checkout               `git clone --depth 1` of the remote standing in for GitHub into the
                                 workspace (checkout's default depth)
  actions/cache                  a folder kept between runs (one entry per key; restored at the step,
                                 saved after the job's last step when the key was not there yet,
                                 `restore-keys` matched against the newest entry, `cache-hit` 'true'
                                 only on the exact key), as actions/cache does; each path is kept as
                                 a `tar --posix` archive, actions/cache's own format, so what a restore
                                 gives back (modes, nanosecond modification times) is what GitHub's would
  actions/upload-pages-artifact  its `path` copied to the run's `github-pages` artifact
  actions/deploy-pages           that artifact copied over the pages folder (kept between runs);
                                 `page_url` is that folder's file:// URL
  anything else                  refused: the check must learn a new action before running it

Expressions (`${{ … }}` and `if:`): literals ('text', true, false, numbers), `==`, `!=`, `&&`, `||`,
`!`, parentheses, `success()` (true: a failed step stops the job), and these names:

  github.run_id, github.run_number   the run's number (1, 2, …)
  github.event_name                  'schedule'
  github.workspace                   the run's workspace: a fresh, empty folder each run (a fresh
                                     runner), at the same path every run, as GitHub's is
  env.NAME                           the workflow's, job's and step's `env:` (later ones win)
  steps.ID.outputs.NAME              what step ID wrote to $GITHUB_OUTPUT ('' when it did not run)
  steps.ID.outcome                   'success' or 'skipped'

Anything else is an error naming the expression. Strings compare ignoring case, as on GitHub.
The runner's own environment: HOME is a fresh folder per run, $GITHUB_OUTPUT, $GITHUB_ENV and
$GITHUB_PATH work, git is allowed only file:// and local paths (GIT_ALLOW_PROTOCOL), and `shims` (programs put first on PATH) stand in for what this machine must not
do for real (the check's apt-get installs nothing).
"""
import json
import os
import re
import shutil
import subprocess
import time
import urllib.parse

import yaml

EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)
TOKEN = re.compile(r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<number>-?\d+(?:\.\d+)?)|(?P<op>==|!=|&&|\|\||!|\(|\))"
                   r"|(?P<name>[A-Za-z_][A-Za-z0-9_\-]*(?:\.[A-Za-z_][A-Za-z0-9_\-]*)*(?:\(\))?))")


class WorkflowError(Exception):
    """The workflow asks for something this runner cannot do (an unknown expression or action)."""


class StepFailed(Exception):
    """A step of the workflow failed: `step` names it, `output` is what it printed."""

    def __init__(self, step, output):
        super().__init__("step %r failed:\n%s" % (step, output))
        self.step = step
        self.output = output


def load(path):
    """The workflow at `path`, parsed by PyYAML. YAML 1.1 reads the key `on` as True; it is put back."""
    with open(path, encoding="utf-8") as file:
        workflow = yaml.safe_load(file)
    if True in workflow:
        workflow["on"] = workflow.pop(True)
    return workflow


# Expressions ------------------------------------------------------------------------------------

def tokens(expression):
    """The tokens of `expression` as (kind, text) pairs; WorkflowError on anything else."""
    found, position, text = [], 0, expression.strip()
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            raise WorkflowError("cannot read the expression %r at %r" % (expression, text[position:]))
        found.append((match.lastgroup, match.group(match.lastgroup)))
        position = match.end()
        while position < len(text) and text[position].isspace():
            position += 1
    return found


def lookup(name, context):
    """The value of a dotted name (github.run_id, env.X, steps.ID.outputs.Y) in `context`."""
    if name == "success()":
        return True
    if name in ("true", "false"):
        return name == "true"
    if name == "null":
        return None
    parts = name.split(".")
    if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
        return context.get("steps", {}).get(parts[1], {}).get("outputs", {}).get(parts[3], "")
    if parts[0] == "steps" and len(parts) == 3 and parts[2] == "outcome":
        return context.get("steps", {}).get(parts[1], {}).get("outcome", "")
    if parts[0] == "env" and len(parts) == 2:
        return context.get("env", {}).get(parts[1], "")
    if parts[0] == "github" and len(parts) == 2 and parts[1] in context.get("github", {}):
        return context["github"][parts[1]]
    raise WorkflowError("the expression %r is not one the local runner knows (workflow_runner.py lists them)" % name)


def number(value):
    """GitHub's coercion to a number, for comparing values of different types."""
    if value is None or value is False or value == "":
        return 0.0
    if value is True:
        return 1.0
    try:
        return float(value)
    except ValueError:
        return float("nan")


def equal(left, right):
    if isinstance(left, str) and isinstance(right, str):
        return left.casefold() == right.casefold()
    return number(left) == number(right)


def truthy(value):
    return value not in (None, False, "", 0, 0.0)


def evaluate(expression, context):
    """The value of a GitHub expression (without `${{ }}`): a string, a bool, a number or None."""
    items = tokens(expression)
    position = 0

    def peek():
        return items[position] if position < len(items) else (None, None)

    def take():
        nonlocal position
        if position == len(items):
            raise WorkflowError("the expression %r ends too soon" % expression)
        position += 1
        return items[position - 1]

    def primary():
        kind, text = take()
        if kind == "string":
            return text[1:-1].replace("''", "'")
        if kind == "number":
            return float(text)
        if kind == "name":
            return lookup(text, context)
        if (kind, text) == ("op", "!"):
            return not truthy(primary())
        if (kind, text) == ("op", "("):
            value = disjunction()
            if take() != ("op", ")"):
                raise WorkflowError("a parenthesis is not closed in %r" % expression)
            return value
        raise WorkflowError("cannot read the expression %r" % expression)

    def comparison():
        value = primary()
        while peek() in (("op", "=="), ("op", "!=")):
            _, op = take()
            same = equal(value, primary())
            value = same if op == "==" else not same
        return value

    def chain(operand, operator, combine):
        """`operand (operator operand)*`, folded left by `combine` (no side effects, so no short circuit)."""
        value = operand()
        while peek() == ("op", operator):
            take()
            value = combine(value, operand())
        return value

    def conjunction():
        return chain(comparison, "&&", lambda left, right: right if truthy(left) else left)

    def disjunction():
        return chain(conjunction, "||", lambda left, right: left if truthy(left) else right)

    result = disjunction()
    if position != len(items):
        raise WorkflowError("unexpected %r in the expression %r" % (items[position][1], expression))
    return result


def as_text(value):
    """An expression's value as it is substituted into text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def substitute(text, context):
    """`text` with every `${{ expression }}` replaced by its value."""
    if not isinstance(text, str):
        return as_text(text)
    return EXPRESSION.sub(lambda match: as_text(evaluate(match.group(1), context)), text)


def selected(step, context):
    """Whether a step runs: its `if:` (with or without `${{ }}`), `success()` when it has none."""
    condition = step.get("if")
    if condition is None:
        return True
    if isinstance(condition, bool):
        return condition
    text = condition.strip()
    whole = EXPRESSION.fullmatch(text)
    return truthy(evaluate(whole.group(1) if whole else text, context))


def action(step):
    """The action a `uses:` step names, without its version (actions/cache), or None for a `run:` step."""
    uses = step.get("uses")
    return uses.split("@")[0] if uses else None


def job_order(workflow):
    """The workflow's job ids, each after the jobs it `needs`."""
    jobs, ordered = workflow["jobs"], []

    def visit(job, seen):
        if job in ordered:
            return
        if job in seen:
            raise WorkflowError("the jobs' `needs` make a cycle through %r" % job)
        needs = jobs[job].get("needs", [])
        for need in [needs] if isinstance(needs, str) else needs:
            visit(need, seen | {job})
        ordered.append(job)

    for job in jobs:
        visit(job, frozenset())
    return ordered


def parse_command_file(text):
    """$GITHUB_OUTPUT's or $GITHUB_ENV's `name=value` and `name<<DELIMITER` … `DELIMITER` lines."""
    values, lines = {}, text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            body = []
            while index < len(lines) and lines[index] != delimiter:
                body.append(lines[index])
                index += 1
            index += 1
            values[name] = "\n".join(body)
        elif "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
    return values


# Local equivalents of the actions ---------------------------------------------------------------

class FolderCache:
    """actions/cache as a folder kept between runs: `root/NNN/` per saved key, one `tar --posix` archive
    per path in it, and `root/index.json` listing the keys in the order they were saved, with each
    entry's archives by the path names the step gave."""

    MEMBER = "entry"  # each archive's one top-level name, renamed to the path's own on restore

    def __init__(self, root):
        self.root = root
        os.makedirs(root, exist_ok=True)

    def index(self):
        path = os.path.join(self.root, "index.json")
        if not os.path.exists(path):
            return []
        with open(path) as file:
            return json.load(file)

    def restore(self, names, resolve, key, restore_keys):
        """Unpacks the entry saved under `key`, else the newest whose key starts with one of
        `restore_keys`, where `resolve` puts each of `names` (over what is there, as tar does);
        returns (exact hit, matched key)."""
        entries = self.index()
        match = next((entry for entry in entries if entry["key"] == key), None)
        for prefix in restore_keys if match is None else []:
            match = next((entry for entry in reversed(entries) if entry["key"].startswith(prefix)), None)
            if match:
                break
        if match is None:
            return False, None
        for name, stored in match["paths"].items():
            if name in names:
                destination = resolve(name)
                os.makedirs(os.path.dirname(destination), exist_ok=True)
                tar(["-xf", os.path.join(self.root, stored), "-C", os.path.dirname(destination),
                     "--transform", renaming(self.MEMBER, os.path.basename(destination))])
        return match["key"] == key, match["key"]

    def save(self, names, resolve, key):
        """Saves what is at `names` under `key` unless `key` is saved already; False when nothing was there."""
        entries = self.index()
        if any(entry["key"] == key for entry in entries):
            return True
        folder = "%03d" % (len(entries) + 1)
        os.makedirs(os.path.join(self.root, folder), exist_ok=True)
        paths = {}
        for number_, name in enumerate(names):
            source = resolve(name)
            if os.path.lexists(source):
                paths[name] = os.path.join(folder, "%d.tar" % number_)
                tar(["--posix", "-cf", os.path.join(self.root, paths[name]), "-C", os.path.dirname(source),
                     "--transform", renaming(os.path.basename(source), self.MEMBER),
                     os.path.basename(source)])
        if not paths:
            return False
        entries.append({"key": key, "paths": paths})
        with open(os.path.join(self.root, "index.json"), "w") as file:
            json.dump(entries, file, indent=1)
        return True


def renaming(old, new):
    """tar's --transform expression that renames the top-level member `old` (and what is in it) to `new`."""
    pattern = re.sub(r"([.\[\]*^$\\,])", r"\\\1", old)
    replacement = re.sub(r"([&\\,])", r"\\\1", new)
    return "s,^%s\\(/\\|$\\),%s\\1," % (pattern, replacement)


def tar(arguments):
    result = subprocess.run(["tar", *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise WorkflowError("tar %s: %s" % (" ".join(arguments), result.stderr.strip()))


def read_text(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def copy(source, destination):
    """A file or a folder copied to `destination` (replacing what was there), parents made."""
    if os.path.isdir(destination) and not os.path.islink(destination):
        shutil.rmtree(destination)
    os.makedirs(os.path.dirname(destination), exist_ok=True)
    if os.path.isdir(source):
        shutil.copytree(source, destination, symlinks=True)
    else:
        shutil.copy2(source, destination)


def path_list(text):
    """actions/cache's `path` or `restore-keys`: one a line, blank lines left out."""
    return [line.strip() for line in (text or "").split("\n") if line.strip()]


# The runner -------------------------------------------------------------------------------------

class LocalRunner:
    """Runs a workflow's jobs here. Kept between runs under `root`: the remote standing in for GitHub
    (`remote`, a bare repository), the cache folder (`root/cache`) and the pages folder (`root/pages`).
    Each run gets a fresh, empty workspace (`root/workspace`, the same path every run) and
    `root/run-N/` with a fresh HOME and temporary folder."""

    def __init__(self, workflow, root, remote, env_overrides=None, shims=None, before_step=None):
        self.workflow = workflow
        self.root = root
        self.remote = remote
        self.env_overrides = dict(env_overrides or {})
        self.shims = dict(shims or {})
        self.before_step = before_step
        self.cache = FolderCache(os.path.join(root, "cache"))
        self.pages = os.path.join(root, "pages")
        # One path for every run, as GitHub's /__w/REPO/REPO.
        self.workspace = os.path.join(root, "workspace")
        unknown = set(self.env_overrides) - set(workflow.get("env", {}))
        if unknown:
            raise WorkflowError("the workflow has no env %s to replace" % ", ".join(sorted(unknown)))

    def run(self, number):
        """Runs every job in order; returns [(job, step name, 'ran' or 'skipped', output, seconds)]."""
        folder = os.path.join(self.root, "run-%d" % number)
        for name in ("home", "temp", "artifacts", "shims"):
            os.makedirs(os.path.join(folder, name))
        if os.path.isdir(self.workspace):
            shutil.rmtree(self.workspace)
        os.makedirs(self.workspace)
        for name, text in self.shims.items():
            shim = os.path.join(folder, "shims", name)
            with open(shim, "w") as file:
                file.write(text)
            os.chmod(shim, 0o755)
        log = []
        for job in job_order(self.workflow):
            log += self.run_job(job, number, folder)
        return log

    def run_job(self, job_id, number, folder):
        job = self.workflow["jobs"][job_id]
        workspace = self.workspace
        context = {"github": {"run_id": str(number), "run_number": str(number), "event_name": "schedule",
                              "workspace": workspace}, "steps": {}, "env": {}}
        extra_path, exported, posts, log = [os.path.join(folder, "shims")], {}, [], []
        for index, step in enumerate(job.get("steps", [])):
            name = step.get("name") or step.get("uses") or step.get("run", "").split("\n")[0]
            context["env"] = self.environment(job, step, context, exported)
            if not selected(step, context):
                log.append((job_id, name, "skipped", "", 0.0))
                if step.get("id"):
                    context["steps"][step["id"]] = {"outputs": {}, "outcome": "skipped"}
                continue
            if self.before_step:
                self.before_step(step, context)
            started = time.monotonic()
            outputs_file = os.path.join(folder, "temp", "output-%s-%d" % (job_id, index))
            env_file, path_file = outputs_file + ".env", outputs_file + ".path"
            for path in (outputs_file, env_file, path_file):
                open(path, "w").close()
            process_env = self.process_environment(folder, workspace, number, context["env"], extra_path,
                                                   outputs_file, env_file, path_file)
            if action(step) is None:
                output = self.run_script(name, step, context, process_env, workspace, folder, index)
                outputs = parse_command_file(read_text(outputs_file))
            else:
                output, outputs, post = self.run_action(step, context, process_env, folder)
                if post:
                    posts.append(post)
            extra_path = [line for line in read_text(path_file).split("\n") if line][::-1] + extra_path
            exported.update(parse_command_file(read_text(env_file)))
            if step.get("id"):
                context["steps"][step["id"]] = {"outputs": outputs, "outcome": "success"}
            log.append((job_id, name, "ran", output, time.monotonic() - started))
        for post in reversed(posts):
            log.append((job_id, *post()))
        return log

    def environment(self, job, step, context, exported):
        """The `env` context of a step: the workflow's (with the check's replacements), the job's, what
        earlier steps exported, the step's; each value's expressions substituted."""
        env = {}
        layers = [{**self.workflow.get("env", {}), **self.env_overrides}, job.get("env", {}), exported, step.get("env", {})]
        for layer in layers:
            for key, value in layer.items():
                env[key] = substitute(value, {**context, "env": env})
        return env

    def process_environment(self, folder, workspace, number, env, extra_path, outputs, env_file, path_file):
        base = {key: os.environ[key] for key in ("LANG", "LC_ALL", "TERM", "TZ") if key in os.environ}
        return {**base, **env,
                "PATH": ":".join(extra_path + [os.environ.get("PATH", "/usr/bin:/bin")]),
                "HOME": os.path.join(folder, "home"), "RUNNER_TEMP": os.path.join(folder, "temp"),
                # git reaches no host from here: a workflow that names a remote repository fails at once.
                "GIT_ALLOW_PROTOCOL": "file",
                "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": workspace,
                "GITHUB_RUN_ID": str(number), "GITHUB_RUN_NUMBER": str(number), "GITHUB_EVENT_NAME": "schedule",
                "GITHUB_OUTPUT": outputs, "GITHUB_ENV": env_file, "GITHUB_PATH": path_file}

    def run_script(self, name, step, context, env, workspace, folder, index):
        script = os.path.join(folder, "temp", "step-%d.sh" % index)
        with open(script, "w") as file:
            file.write(substitute(step["run"], context))
        cwd = os.path.join(workspace, substitute(step.get("working-directory", "."), context))
        result = subprocess.run(["bash", "-e", script], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            raise StepFailed(name, result.stdout)
        return result.stdout

    def resolver(self, env):
        """Where actions/cache's path NAME is: `~` is HOME, a relative path is in the workspace; a path
        outside the run's folder is refused, so the check never writes into this machine's system."""
        def resolve(name):
            expanded = env["HOME"] + name[1:] if name.startswith("~") else name
            path = os.path.normpath(os.path.join(env["GITHUB_WORKSPACE"], expanded))
            inside = (os.path.dirname(env["HOME"]), env["GITHUB_WORKSPACE"])  # the run's folder, its workspace
            if not any(path == folder or path.startswith(folder + os.sep) for folder in inside):
                raise WorkflowError("the cache path %r is outside the run's folder; the local runner does not write there" % name)
            return path
        return resolve

    def run_action(self, step, context, env, folder):
        """A `uses:` step's local equivalent: (output, outputs, a post step or None)."""
        uses = action(step)
        inputs = {key: substitute(value, context) for key, value in (step.get("with") or {}).items()}
        workspace = env["GITHUB_WORKSPACE"]
        if uses == "actions/checkout":
            # As actions/checkout does by default: one commit deep, the branch tracking the remote's.
            result = subprocess.run(["git", "clone", "-q", "--depth", "1", "file://" + self.remote, "."], cwd=workspace, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if result.returncode != 0:
                raise StepFailed("checkout", result.stdout)
            return "cloned %s\n" % self.remote, {}, None
        if uses == "actions/cache":
            names, key, resolve = path_list(inputs.get("path")), inputs["key"], self.resolver(env)
            hit, matched = self.cache.restore(names, resolve, key, path_list(inputs.get("restore-keys")))

            def post():
                if hit:
                    return ("Post " + (step.get("name") or uses), "ran", "cache hit on %s: not saved\n" % key, 0.0)
                saved = self.cache.save(names, resolve, key)
                return ("Post " + (step.get("name") or uses), "ran",
                        ("saved %s\n" if saved else "nothing at the paths: %s not saved\n") % key, 0.0)
            restored = "restored from %s\n" % matched if matched else "no cache for %s\n" % key
            return restored, {"cache-hit": "true" if hit else "false"}, post
        if uses == "actions/upload-pages-artifact":
            copy(os.path.join(workspace, inputs.get("path", "_site")), os.path.join(folder, "artifacts", "github-pages"))
            return "artifact github-pages from %s\n" % inputs.get("path", "_site"), {}, None
        if uses == "actions/deploy-pages":
            copy(os.path.join(folder, "artifacts", "github-pages"), self.pages)
            return "published into %s\n" % self.pages, {"page_url": "file://" + urllib.parse.quote(self.pages) + "/"}, None
        raise WorkflowError("the action %r has no local equivalent in workflow_runner.py" % step.get("uses"))

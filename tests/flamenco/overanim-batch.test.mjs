// The Flamenco job type's chunking and command lines, with Node's own test runner:
//     node --test tests/flamenco/
import assert from "node:assert/strict";
import { test } from "node:test";

import { compile, load } from "./flamenco_stub.mjs";

const LIBRARY = "/farm/library";
const SCRIPT = "/farm/overanim/scripts/overanim_batch.py";

function settings(overrides = {}) {
    return {
        library: LIBRARY, files: "a.blend\nchars/b.blend\nchars/c.blend\nd.blend\ne.blend\nprops/f.blend\ng.blend",
        chunk_size: 3, steps: "measure,paint", write: "report", output_dir: "", backup: false,
        all_armatures: false, settings_file: "", timeout: 600, report_dir: "/farm/reports/job-1",
        batch_script: SCRIPT, ...overrides,
    };
}

function batchArgs(task) {
    assert.equal(task.commands.length, 1);
    const { name, parameters } = task.commands[0];
    assert.equal(name, "blender-render");
    assert.equal(parameters.exe, "{blender}");
    assert.equal(parameters.blendfile, "");  // no .blend is opened by this Blender: the batch opens them
    const args = parameters.args;
    assert.deepEqual(args.slice(0, 7), ["--background", "--factory-startup", "--python-exit-code", "1", "--python",
                                        SCRIPT, "--"]);
    return args.slice(7);
}

function sourcesOf(args) {
    return args.slice(0, args.indexOf("--report"));
}

test("the job type names its settings, the library folder, chunk size and steps among them", () => {
    const { JOB_TYPE } = load();
    const keys = JOB_TYPE.settings.map((s) => s.key);
    for (const key of ["library", "chunk_size", "steps", "write", "report_dir", "batch_script", "files"]) {
        assert.ok(keys.includes(key), key);
    }
    const files = JOB_TYPE.settings.find((s) => s.key === "files");
    assert.equal(files.visible, "hidden");
    assert.match(files.eval, /rglob/);
});

test("one task per chunk of files, every file exactly once and in order, then a merge", () => {
    const tasks = compile(settings());
    assert.deepEqual(tasks.map((t) => t.name),
        ["overanim-chunk-001", "overanim-chunk-002", "overanim-chunk-003", "overanim-merge-reports"]);
    assert.ok(tasks.every((t) => t.type === "blender"));
    const chunks = tasks.slice(0, 3).map((t) => sourcesOf(batchArgs(t)));
    assert.deepEqual(chunks.map((c) => c.length), [3, 3, 1]);
    assert.deepEqual(chunks.flat(), settings().files.split("\n").map((f) => `${LIBRARY}/${f}`));
});

test("each chunk writes its own report, relative to the library, and exits 0 on findings", () => {
    const tasks = compile(settings());
    const args = batchArgs(tasks[1]);
    const options = args.slice(args.indexOf("--report"));
    assert.deepEqual(options, ["--report", "/farm/reports/job-1/chunks/chunk-002.json", "--root", LIBRARY,
                               "--steps", "measure,paint", "--timeout", "600", "--exit-zero"]);
});

test("the merge waits for every chunk and merges their reports into one", () => {
    const tasks = compile(settings());
    const merge = tasks.at(-1);
    assert.deepEqual(merge.dependsOn, ["overanim-chunk-001", "overanim-chunk-002", "overanim-chunk-003"]);
    assert.deepEqual(batchArgs(merge), ["merge", "/farm/reports/job-1/chunks/chunk-001.json",
        "/farm/reports/job-1/chunks/chunk-002.json", "/farm/reports/job-1/chunks/chunk-003.json",
        "--report", "/farm/reports/job-1/overanim-batch.json"]);
});

test("a chunk size larger than the library gives one chunk; many chunks get wider numbers", () => {
    assert.equal(compile(settings({ chunk_size: 50 })).length, 2);
    const many = Array.from({ length: 1001 }, (_, i) => `r${i}.blend`).join("\n");
    const tasks = compile(settings({ files: many, chunk_size: 1 }));
    assert.equal(tasks.length, 1002);
    assert.equal(tasks[0].name, "overanim-chunk-0001");
    assert.equal(tasks[1000].name, "overanim-chunk-1001");
});

test("the write modes and options become the batch's flags", () => {
    const save = batchArgs(compile(settings({ write: "save", backup: true, all_armatures: true,
                                              settings_file: "/farm/studio.json" }))[0]);
    for (const flag of ["--save", "--backup", "--all-armatures"]) assert.ok(save.includes(flag), flag);
    assert.equal(save[save.indexOf("--settings") + 1], "/farm/studio.json");
    const output = batchArgs(compile(settings({ write: "output-dir", output_dir: "/farm/out" }))[0]);
    assert.equal(output[output.indexOf("--output-dir") + 1], "/farm/out");
    assert.ok(!output.includes("--save"));
    const report = batchArgs(compile(settings())[0]);
    for (const flag of ["--save", "--output-dir", "--backup", "--all-armatures", "--settings"]) {
        assert.ok(!report.includes(flag), flag);
    }
});

test("bad settings are refused when the job is submitted", () => {
    assert.throws(() => compile(settings({ files: "\n" })), /No .blend file/);
    assert.throws(() => compile(settings({ chunk_size: 0 })), /Chunk size/);
    assert.throws(() => compile(settings({ chunk_size: 2.5 })), /Chunk size/);
    assert.throws(() => compile(settings({ write: "output-dir", output_dir: "" })), /Output Folder/);
    assert.throws(() => compile(settings({ write: "everything" })), /Write must be/);
    assert.throws(() => compile(settings({ batch_script: "" })), /Batch Script/);
    // Blender's file browser makes paths relative to the submitting .blend file by default: a farm
    // worker cannot resolve "//", so each such setting is refused, by name
    for (const [key, label] of [["library", "Library"], ["report_dir", "Report Folder"],
                                ["batch_script", "Batch Script"], ["settings_file", "Settings File"]]) {
        assert.throws(() => compile(settings({ [key]: "//../farm/x" })), new RegExp(`${label} is relative`), key);
    }
    assert.throws(() => compile(settings({ write: "output-dir", output_dir: "//out" })), /Output Folder is relative/);
});

// SPDX-License-Identifier: GPL-3.0-or-later
//
// OverAnim batch as a Flamenco 3 job type: the character library is split into chunks of files, one
// task per chunk runs scripts/overanim_batch.py under `blender --background` with a report of its
// own, and a last task merges the chunk reports into one. Install and use: docs/render-farm.md.

const STEPS = "checks,measure,paint,lod,compose,footik,motion,transfer";

const JOB_TYPE = {
    label: "OverAnim Batch",
    description: "Run OverAnim (checks, measure, paint, LOD coverage, compose...) over a character library",
    settings: [
        { key: "library", type: "string", subtype: "dir_path", required: true, visible: "submission",
          description: "Character library: every *.blend under this folder (not in hidden folders, " +
                       "never .blend1 or .blend@ files); on storage every worker sees at the same path" },
        // Listed when the job is submitted, by the submitting Blender, with the batch's own rules and
        // order; paths relative to the library, one per line (the Manager cannot list folders); a
        // file linked in under several paths once, by the first of them (two chunks would save it at
        // once). Lambdas: Flamenco evaluates with its names as locals, which a bare generator cannot see.
        { key: "files", type: "string", required: true, visible: "hidden",
          eval: "(lambda lib, order: '\\n'.join(sorted({(lib / rel).resolve(): rel for rel in sorted((" +
                "p.relative_to(lib).as_posix() for p in lib.rglob('*') " +
                "if p.is_file() and p.name.lower().endswith('.blend') " +
                "and not any(part.startswith('.') for part in p.relative_to(lib).parts)), " +
                "key=order, reverse=True)}.values(), key=order)))" +
                "(abspath(settings.library), lambda rel: rel.split('/'))",
          description: "The .blend files of the library, relative to it, one per line" },
        { key: "chunk_size", type: "int32", default: 25, propargs: { min: 1, max: 10000 }, visible: "submission",
          description: "Files per task; each task starts Blender once and handles its files one after another" },
        { key: "steps", type: "string", default: STEPS, visible: "submission",
          description: "Comma list of " + STEPS + " (the batch's --steps)" },
        { key: "write", type: "string", choices: ["report", "save", "output-dir"], default: "report",
          visible: "submission",
          description: "report: write nothing but the reports; save: write the results into each file; " +
                       "output-dir: write each result under Output Folder, mirroring the library" },
        { key: "output_dir", type: "string", subtype: "dir_path", visible: "submission",
          description: "Where results go when Write is output-dir" },
        { key: "backup", type: "bool", default: false, visible: "submission",
          description: "Keep each file a save replaces as .blend1" },
        { key: "all_armatures", type: "bool", default: false, visible: "submission",
          description: "Also armatures without OverAnim Regions" },
        { key: "settings_file", type: "string", subtype: "file_path", visible: "submission",
          description: "Optional calibration values (JSON) for armatures that have none" },
        { key: "timeout", type: "int32", default: 600, propargs: { min: 1 }, visible: "submission",
          description: "Seconds one file may take before it fails and its worker process is replaced" },
        { key: "report_dir", type: "string", subtype: "dir_path", required: true, visible: "submission",
          description: "Folder for this job's reports: chunks/chunk-NNN.json and the merged overanim-batch.json" },
        { key: "batch_script", type: "string", subtype: "file_path", required: true, visible: "submission",
          description: "scripts/overanim_batch.py of the OverAnim checkout the workers use" },
    ],
};

function compileJob(job) {
    const settings = job.settings;
    const files = `${settings.files || ""}`.split("\n").map((line) => line.trim()).filter((line) => line);
    if (files.length === 0) {
        throw `No .blend file was found in ${settings.library}`;
    }
    const chunkSize = Number(settings.chunk_size);
    if (!Number.isInteger(chunkSize) || chunkSize < 1) {
        throw `Chunk size must be a whole number of files, at least 1 (got ${settings.chunk_size})`;
    }
    if (!settings.batch_script) {
        throw "Batch Script must name scripts/overanim_batch.py of an OverAnim checkout";
    }
    const library = farmPath(settings.library, "Library");
    const reportDir = farmPath(settings.report_dir, "Report Folder");
    const script = farmPath(settings.batch_script, "Batch Script");
    const options = batchOptions(settings, library);
    const chunkDir = path.join(reportDir, "chunks");
    const count = Math.ceil(files.length / chunkSize);
    const width = Math.max(3, `${count}`.length);
    const parts = [];
    const chunkTasks = [];
    for (let index = 0; index < count; index++) {
        const name = `chunk-${zeroPadded(index + 1, width)}`;
        const chunk = files.slice(index * chunkSize, (index + 1) * chunkSize);
        const part = path.join(chunkDir, `${name}.json`);
        const task = author.Task(`overanim-${name}`, "blender");
        // --exit-zero: a rig that fails a step is a result in the report, not a task to retry
        const sources = chunk.map((file) => path.join(library, file));
        task.addCommand(blenderCommand(script,
            sources.concat(["--report", part], options, ["--exit-zero"])));
        job.addTask(task);
        chunkTasks.push(task);
        parts.push(part);
    }
    const merge = author.Task("overanim-merge-reports", "blender");
    merge.addCommand(blenderCommand(script,
        ["merge"].concat(parts, ["--report", path.join(reportDir, "overanim-batch.json")])));
    for (const task of chunkTasks) {
        merge.addDependency(task);
    }
    job.addTask(merge);
}

// A path setting as the farm's commands get it. Blender's file browser makes paths relative to the
// submitting .blend file ("//...") by default, which no farm worker can resolve: refused, by name.
function farmPath(value, label) {
    if (`${value}`.startsWith("//")) {
        throw `${label} is relative to the .blend file (${value}): a farm worker cannot resolve that; ` +
              "give an absolute path (untick Relative Path in the file browser)";
    }
    return value;
}

// The batch's options shared by every chunk. --root: report paths and the output folder stay
// relative to the library whatever files a chunk holds.
function batchOptions(settings, library) {
    const options = ["--root", library, "--steps", settings.steps || STEPS,
                     "--timeout", `${settings.timeout || 600}`];
    switch (settings.write || "report") {
    case "report":
        break;
    case "save":
        options.push("--save");
        break;
    case "output-dir":
        if (!settings.output_dir) {
            throw "Write is output-dir: set Output Folder";
        }
        options.push("--output-dir", farmPath(settings.output_dir, "Output Folder"));
        break;
    default:
        throw `Write must be report, save or output-dir (got ${settings.write})`;
    }
    if (settings.backup) options.push("--backup");
    if (settings.all_armatures) options.push("--all-armatures");
    if (settings.settings_file) options.push("--settings", farmPath(settings.settings_file, "Settings File"));
    return options;
}

// `blender --background --factory-startup --python overanim_batch.py -- ARGS`: no .blend file is
// opened by this Blender; the batch starts its own workers (Blender binaries as well).
function blenderCommand(script, args) {
    return author.Command("blender-render", {
        exe: "{blender}",
        exeArgs: "",
        argsBefore: [],
        blendfile: "",
        args: ["--background", "--factory-startup", "--python-exit-code", "1", "--python", script, "--"].concat(args),
    });
}

function zeroPadded(number, width) {
    let text = `${number}`;
    while (text.length < width) text = "0" + text;
    return text;
}

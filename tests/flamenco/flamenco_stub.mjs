// A stand-in for what Flamenco Manager hands a job type (author, path, print): enough to load and
// compile deploy/flamenco/overanim-batch.js under Node. Run as a script it prints the compiled tasks
// of the settings given as JSON (tests/batch/test_flamenco.py checks them against the batch CLI).

import fs from "node:fs";
import nodePath from "node:path";
import vm from "node:vm";
import { fileURLToPath, pathToFileURL } from "node:url";

export const JOB_TYPE_FILE = fileURLToPath(new URL("../../deploy/flamenco/overanim-batch.js", import.meta.url));

class Task {
    constructor(name, type) {
        this.name = name;
        this.type = type;
        this.commands = [];
        this.dependsOn = [];
    }

    addCommand(command) {
        this.commands.push(command);
    }

    addDependency(task) {
        this.dependsOn.push(task.name);
    }
}

export function load(file = JOB_TYPE_FILE) {
    const printed = [];
    const context = vm.createContext({
        author: {
            Task: (name, type) => new Task(name, type),
            Command: (name, parameters) => ({ name, parameters }),
        },
        path: { join: nodePath.posix.join, dirname: nodePath.posix.dirname, basename: nodePath.posix.basename },
        print: (...args) => printed.push(args.join(" ")),
    });
    const source = `${fs.readFileSync(file, "utf8")}\n;({ JOB_TYPE, compileJob })`;
    const { JOB_TYPE, compileJob } = vm.runInContext(source, context, { filename: file });
    return { JOB_TYPE: plain(JOB_TYPE), compileJob, printed };
}

export function compile(settings) {
    const { compileJob } = load();
    const tasks = [];
    compileJob({ name: "OverAnim library", settings, addTask: (task) => tasks.push(task) });
    return plain(tasks);
}

// Values made in the job type's context have that context's Array and Object: copy them out
function plain(value) {
    return JSON.parse(JSON.stringify(value));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
    const request = process.argv[2];
    const output = request === "--job-type" ? load().JOB_TYPE : compile(JSON.parse(request));
    process.stdout.write(JSON.stringify(output));
}

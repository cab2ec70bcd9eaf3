// The official Blaxel SDK (@blaxel/core, installed by packaging/run-tests.sh into <build>/npm) against
// sandboxdeck-emulator, through its public API only. tests/emulator/blaxel_sdk.py starts the emulator and sets
// BL_API_URL, BL_WORKSPACE and BL_API_KEY. Every call's result is checked before it counts: one line per call,
// `PASS name` or `FAIL name: reason`, then `N of M SDK calls passed`; the exit status is 1 on any FAIL.
//
// usage: node blaxel_sdk.mjs NPM_DIR
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.join(process.argv[2], "package.json"));
const { SandboxInstance, getNetworkProcessByPidPorts } = require("@blaxel/core");

let passed = 0;
let total = 0;
const notEmulated = [];

async function call(name, body) {
    total += 1;
    try {
        await body();
        passed += 1;
        console.log(`PASS ${name}`);
    } catch (error) {
        console.log(`FAIL ${name}: ${error?.message ?? JSON.stringify(error)}`);
    }
}

function expect(condition, why) {
    if (!condition)
        throw new Error(why);
}

// A generated control-plane call with throwOnError throws the body it was answered with, not an Error.
function statusOf(error) {
    return error?.status ?? error?.code ?? error?.response?.status;
}

// Resolves when `thunk` is refused with 404; anything else (an answer, another error) fails the call.
async function absent(thunk, what) {
    try {
        await thunk();
    } catch (error) {
        expect(statusOf(error) === 404, `${what}: ${error?.message ?? JSON.stringify(error)}`);
        return;
    }
    throw new Error(`${what} is still there`);
}

const name = `sdk-${process.pid}`;
const other = `${name}-b`;
let sandbox;

await call("SandboxInstance.create", async () => {
    sandbox = await SandboxInstance.create({ name, image: "blaxel/base-image:latest", memory: 2048,
                                             region: "us-pdx-1", labels: { origin: "blaxel_sdk" } });
    expect(sandbox.metadata.name === name, `metadata.name is ${sandbox.metadata.name}`);
    expect(sandbox.metadata.url, "no metadata.url");
});
if (!sandbox) {
    console.log(`${passed} of ${total} SDK calls passed`);
    process.exit(1);
}

await call("SandboxInstance.get", async () => {
    const got = await SandboxInstance.get(name);
    expect(got.metadata.name === name, `got ${got.metadata.name}`);
    expect(got.metadata.labels?.origin === "blaxel_sdk", `labels ${JSON.stringify(got.metadata.labels)}`);
});

await call("SandboxInstance.list", async () => {
    const names = [];
    for await (const item of await SandboxInstance.list())
        names.push(item.metadata.name);
    expect(names.includes(name), `${name} not among ${names.length} listed`);
});

await call("SandboxInstance.createIfNotExists (existing)", async () => {
    const again = await SandboxInstance.createIfNotExists({ name, region: "us-pdx-1" });
    expect(again.metadata.name === name, `answered ${again.metadata.name}`);
});

await call("SandboxInstance.createIfNotExists (new)", async () => {
    const created = await SandboxInstance.createIfNotExists({ name: other, region: "us-pdx-1" });
    expect(created.metadata.name === other, `answered ${created.metadata.name}`);
});

// Live changes: the SDK reads the sandbox and PUTs it back whole to /v0/sandboxes/{name}.
await call("SandboxInstance.updateMetadata", async () => {
    const updated = await SandboxInstance.updateMetadata(name, { labels: { origin: "blaxel_sdk", stage: "updated" } });
    expect(updated.metadata.labels?.stage === "updated", `answered labels ${JSON.stringify(updated.metadata.labels)}`);
    const got = await SandboxInstance.get(name);
    expect(got.metadata.labels?.stage === "updated", `then labels ${JSON.stringify(got.metadata.labels)}`);
    expect(got.spec?.runtime?.memory === 2048, `memory became ${got.spec?.runtime?.memory}`);
});

await call("SandboxInstance.updateTtl", async () => {
    const updated = await SandboxInstance.updateTtl(name, "2h");
    expect(updated.spec?.runtime?.ttl === "2h", `answered ttl ${updated.spec?.runtime?.ttl}`);
    const got = await SandboxInstance.get(name);
    expect(got.spec?.runtime?.ttl === "2h", `then ttl ${got.spec?.runtime?.ttl}`);
    expect(got.metadata.labels?.stage === "updated", `the labels went: ${JSON.stringify(got.metadata.labels)}`);
});

await call("SandboxInstance.updateLifecycle", async () => {
    const policies = [{ type: "ttl-idle", value: "30m", action: "delete" }];
    await SandboxInstance.updateLifecycle(name, { expirationPolicies: policies });
    const got = await SandboxInstance.get(name);
    const kept = got.spec?.lifecycle?.expirationPolicies ?? [];
    expect(kept.length === 1 && kept[0].type === "ttl-idle" && kept[0].value === "30m",
           `then policies ${JSON.stringify(kept)}`);
    expect(got.spec?.runtime?.ttl === "2h", `the ttl went: ${got.spec?.runtime?.ttl}`);
});

// Filesystem.
const text = "hello from @blaxel/core\nsecond line\n";
await call("fs.mkdir", async () => {
    await sandbox.fs.mkdir("/app/sdk/nested");
    const listing = await sandbox.fs.ls("/app/sdk");
    expect(listing.subdirectories?.some((d) => d.name === "nested"), "nested not listed after mkdir");
});
await call("fs.write", async () => {
    await sandbox.fs.write("/app/sdk/notes.txt", text);
    await sandbox.fs.write("/app/sdk/nested/deep.txt", "deep needle\n");
});
await call("fs.read", async () => {
    const back = await sandbox.fs.read("/app/sdk/notes.txt");
    expect(back === text, `read back ${JSON.stringify(back)}`);
});
await call("fs.ls", async () => {
    const listing = await sandbox.fs.ls("/app/sdk");
    const file = listing.files?.find((f) => f.name === "notes.txt");
    expect(file, `notes.txt not in ${JSON.stringify(listing.files?.map((f) => f.name))}`);
    expect(file.size === Buffer.byteLength(text), `size ${file.size}`);
});
const bytes = Uint8Array.from({ length: 512 }, (_, i) => (i * 37) & 0xff);
await call("fs.writeBinary", async () => {
    await sandbox.fs.writeBinary("/app/sdk/blob.bin", bytes);
    const listing = await sandbox.fs.ls("/app/sdk");
    const file = listing.files?.find((f) => f.name === "blob.bin");
    expect(file?.size === bytes.length, `blob.bin listed as ${JSON.stringify(file)}`);
});
await call("fs.readBinary", async () => {
    const blob = await sandbox.fs.readBinary("/app/sdk/blob.bin");
    const back = new Uint8Array(await blob.arrayBuffer());
    expect(Buffer.from(back).equals(Buffer.from(bytes)), `read back ${back.length} different bytes`);
});
// Over 5 MiB the SDK sends a file in parts (/filesystem-multipart: initiate, a PUT per 5 MiB part, complete):
// 12 MiB and a little are three parts, the last a short one, whether given as bytes or as text.
const large = Buffer.alloc(12 * 1024 * 1024 + 4321);
for (let i = 0; i < large.length; i += 1)
    large[i] = (i * 131 + (i >> 12)) & 0xff;
await call("fs.writeBinary (multipart)", async () => {
    await sandbox.fs.writeBinary("/app/sdk/large.bin", large);
    const blob = await sandbox.fs.readBinary("/app/sdk/large.bin");
    const back = Buffer.from(await blob.arrayBuffer());
    expect(back.equals(large), `read back ${back.length} bytes, not the ${large.length} written`);
});
await call("fs.write (multipart)", async () => {
    const long = "0123456789abcdef\n".repeat(400 * 1024);
    await sandbox.fs.write("/app/sdk/long.txt", long);
    const listing = await sandbox.fs.ls("/app/sdk");
    const file = listing.files?.find((f) => f.name === "long.txt");
    expect(file?.size === long.length, `long.txt listed as ${JSON.stringify(file)}`);
    const uploads = await sandbox.fs.client.get({ url: "/filesystem-multipart", baseUrl: sandbox.fs.url });
    expect(uploads.data?.uploads?.length === 0, `uploads left open: ${JSON.stringify(uploads.data)}`);
});
await call("fs.find", async () => {
    const found = await sandbox.fs.find("/app/sdk", { type: "file", patterns: ["*.txt"] });
    const paths = (found?.matches ?? []).map((m) => m.path);
    expect(paths.some((p) => p.endsWith("nested/deep.txt")), `found ${JSON.stringify(found)}`);
    expect(!paths.some((p) => p.endsWith("blob.bin")), `*.txt found blob.bin: ${JSON.stringify(paths)}`);
});
// fs.search(query, path, options) in 0.3.21 sends only the options: the names come from `patterns`.
await call("fs.search", async () => {
    const found = await sandbox.fs.search("deep", "/app/sdk", { patterns: ["deep"] });
    const paths = (found?.matches ?? []).map((m) => m.path);
    expect(paths.some((p) => p.endsWith("deep.txt")), `search answered ${JSON.stringify(found)}`);
});
await call("fs.grep", async () => {
    const found = await sandbox.fs.grep("needle", "/app/sdk");
    const hits = found?.matches ?? [];
    expect(hits.some((m) => m.path?.endsWith("deep.txt") && m.line === 1), `grep answered ${JSON.stringify(found)}`);
});
// fs.watch gives no sign that its stream is open: a new file is written until one is reported (the first may
// come before the stream's first snapshot), each attempt waiting a little for its event.
await call("fs.watch", async () => {
    const events = [];
    const errors = [];
    const handle = sandbox.fs.watch("/app/sdk", (event) => { events.push(event); },
                                    { onError: (error) => errors.push(error) });
    try {
        let written = null;
        for (let attempt = 0; attempt < 40 && !written; attempt += 1) {
            const file = `watched-${attempt}.txt`;
            await sandbox.fs.write(`/app/sdk/${file}`, "watched\n");
            for (let wait = 0; wait < 10 && !written; wait += 1) {
                if (events.some((e) => e.name === file))
                    written = file;
                else
                    await new Promise((resolve) => setTimeout(resolve, 50));
            }
            expect(errors.length === 0, `onError: ${errors.map((e) => e.message).join("; ")}`);
        }
        expect(written, `no event for a written file: ${JSON.stringify(events)}`);
        const seen = events.filter((e) => e.name === written);
        expect(seen.every((e) => e.path === "/app/sdk" && ["CREATE", "WRITE"].includes(e.op)),
               `events ${JSON.stringify(seen)}`);
    } finally {
        handle.close();
    }
});
await call("fs.rm", async () => {
    await sandbox.fs.rm("/app/sdk/notes.txt");
    const listing = await sandbox.fs.ls("/app/sdk");
    expect(!listing.files?.some((f) => f.name === "notes.txt"), "notes.txt still listed");
});
await call("fs.rm (recursive)", async () => {
    await sandbox.fs.rm("/app/sdk", true);
    await absent(() => sandbox.fs.ls("/app/sdk"), "/app/sdk");
});

// Processes. The emulator runs no shell: python3 stands in for echo and sleep.
await call("process.exec (waitForCompletion)", async () => {
    const done = await sandbox.process.exec({ name: "hello", command: "python3 -c \"print('sdk-echo')\"",
                                              waitForCompletion: true });
    expect(done.status === "completed" && done.exitCode === 0, `ended ${done.status} ${done.exitCode}`);
});
await call("process.get", async () => {
    const got = await sandbox.process.get("hello");
    expect(got.name === "hello" && got.status === "completed" && got.exitCode === 0, JSON.stringify(got));
});
await call("process.logs", async () => {
    const all = await sandbox.process.logs("hello");
    const out = await sandbox.process.logs("hello", "stdout");
    expect(all.includes("sdk-echo") && out.includes("sdk-echo"), `logs ${JSON.stringify(all)}`);
});
await call("process.exec (failing)", async () => {
    const done = await sandbox.process.exec({ name: "fails", command: "python3 -c \"raise SystemExit(3)\"",
                                              waitForCompletion: true });
    expect(done.status === "failed" && done.exitCode === 3, `ended ${done.status} ${done.exitCode}`);
});
await call("process.list", async () => {
    const listed = (await sandbox.process.list()).map((p) => p.name);
    expect(listed.includes("hello") && listed.includes("fails"), `listed ${JSON.stringify(listed)}`);
});
await call("process.streamLogs", async () => {
    const started = await sandbox.process.exec({ name: "streamed", command: "python3 -c \"import sys,time; " +
        "print('out-1', flush=True); print('err-1', file=sys.stderr, flush=True); time.sleep(0.5); " +
        "print('out-2', flush=True)\"" });
    const out = [], err = [], problems = [];
    const stream = sandbox.process.streamLogs(started.name, {
        onStdout: (line) => out.push(line), onStderr: (line) => err.push(line),
        onError: (e) => problems.push(String(e)) });
    await stream.wait(); // the body ends when the process does
    expect(problems.length === 0 && JSON.stringify(out) === '["out-1","out-2"]' &&
           JSON.stringify(err) === '["err-1"]',
           `stdout ${JSON.stringify(out)} stderr ${JSON.stringify(err)} errors ${problems.join("; ")}`);
});
const sleeper = "python3 -c \"import time; time.sleep(60)\"";
await call("process.stop", async () => {
    const started = await sandbox.process.exec({ name: "to-stop", command: sleeper });
    expect(started.status === "running", `started ${started.status}`);
    await sandbox.process.stop("to-stop");
    const ended = await sandbox.process.wait("to-stop", { maxWait: 10000, interval: 100 });
    expect(ended.status === "stopped", `after stop: ${ended.status}`);
});
await call("process.kill", async () => {
    const started = await sandbox.process.exec({ name: "to-kill", command: sleeper });
    expect(started.status === "running", `started ${started.status}`);
    await sandbox.process.kill("to-kill");
    const ended = await sandbox.process.wait("to-kill", { maxWait: 10000, interval: 100 });
    expect(ended.status === "killed", `after kill: ${ended.status}`);
});
// The SDK has no SandboxInstance method for it, only the generated call, made as its own actions make theirs.
await call("getNetworkProcessByPidPorts", async () => {
    const listener = "python3 -c \"import socket,time; s=socket.socket(); s.bind(('127.0.0.1',0)); s.listen(); " +
        "print('port', s.getsockname()[1], flush=True); time.sleep(60)\"";
    const started = await sandbox.process.exec({ name: "listener", command: listener });
    let port = 0;
    for (let i = 0; i < 100 && !port; i += 1) {
        const match = /port (\d+)/.exec(await sandbox.process.logs("listener", "stdout"));
        port = match ? Number(match[1]) : 0;
        if (!port)
            await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(port > 0, "the listener printed no port");
    const { data, error } = await getNetworkProcessByPidPorts(
        sandbox.process.withClient({ path: { pid: Number(started.pid) }, baseUrl: sandbox.process.url }));
    expect(!error, `answered ${JSON.stringify(error)}`);
    expect(data.pid === Number(started.pid), `pid ${data.pid}`);
    expect(data.ports.some((p) => p.localPort === port && p.state === "LISTEN"), JSON.stringify(data.ports));
    await sandbox.process.kill("listener");
});

// Previews live on the control plane, /v0/sandboxes/{name}/previews, with a private one's tokens below it.
await call("previews.create", async () => {
    const preview = await sandbox.previews.create({ metadata: { name: "web" }, spec: { port: 8080, public: true } });
    expect(preview.name === "web", `created ${preview.name}`);
    expect(preview.spec.port === 8080 && preview.spec.public === true, `spec ${JSON.stringify(preview.spec)}`);
    expect(typeof preview.spec.url === "string" && preview.spec.url.length > 0, "no url");
});

await call("previews.list and get", async () => {
    const names = (await sandbox.previews.list()).map((p) => p.name);
    expect(names.includes("web"), `listed ${JSON.stringify(names)}`);
    const got = await sandbox.previews.get("web");
    expect(got.spec.port === 8080, `got ${JSON.stringify(got.spec)}`);
});

await call("previews.createIfNotExists", async () => {
    const again = await sandbox.previews.createIfNotExists({ metadata: { name: "web" }, spec: { port: 9999 } });
    expect(again.spec.port === 8080, `the existing one was replaced: ${JSON.stringify(again.spec)}`);
    const privatePreview = await sandbox.previews.createIfNotExists({ metadata: { name: "api" },
                                                                       spec: { port: 3000, public: false } });
    expect(privatePreview.spec.public === false, `spec ${JSON.stringify(privatePreview.spec)}`);
});

await call("preview tokens create, list and delete", async () => {
    const preview = await sandbox.previews.get("api");
    const token = await preview.tokens.create(new Date(Date.now() + 3600 * 1000));
    expect(token.value.length >= 16, `token ${JSON.stringify(token.value)}`);
    expect(!token.expired, "a new token is expired");
    const listed = await preview.tokens.list();
    expect(listed.length === 1 && listed[0].value === token.value, `listed ${listed.length}`);
    await preview.tokens.delete(token.previewToken.metadata.name);
    expect((await preview.tokens.list()).length === 0, "the token is still listed");
});

await call("previews.delete", async () => {
    await sandbox.previews.delete("web");
    await absent(() => sandbox.previews.get("web"), "the deleted preview");
    const names = (await sandbox.previews.list()).map((p) => p.name);
    expect(JSON.stringify(names) === JSON.stringify(["api"]), `left ${JSON.stringify(names)}`);
});

await call("SandboxInstance.delete", async () => {
    await SandboxInstance.delete(other);
    await sandbox.delete();
    await absent(() => sandbox.fs.ls("/"), "the deleted sandbox's API");
    // Gone, or on its way: DELETING until the record turns TERMINATED.
    for (const deleted of [name, other]) {
        let status = "gone";
        try {
            status = (await SandboxInstance.get(deleted)).status;
        } catch (error) {
            expect(statusOf(error) === 404, `get after delete answered ${JSON.stringify(error)}`);
        }
        expect(["gone", "DELETING", "TERMINATED"].includes(status), `${deleted} is ${status} after delete`);
    }
});

for (const what of notEmulated)
    console.log(`NOT EMULATED ${what}`);
console.log(`${passed} of ${total} SDK calls passed`);
process.exit(passed === total ? 0 : 1);

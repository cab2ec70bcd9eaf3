<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>AllSandboxesPage</name>
    <message numerus="yes">
        <source>%n selected sandbox(es) that this does not apply to are left as they are.</source>
        <translation><numerusform>%n selected sandbox that this does not apply to is left as it is.</numerusform><numerusform>%n selected sandboxes that this does not apply to are left as they are.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Deleting %n Blaxel sandbox(es)…</source>
        <translation><numerusform>Deleting %n Blaxel sandbox…</numerusform><numerusform>Deleting %n Blaxel sandboxes…</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Copied %n sandbox id(s).</source>
        <translation><numerusform>Copied %n sandbox id.</numerusform><numerusform>Copied %n sandbox ids.</numerusform></translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxDetailsPane</name>
    <message numerus="yes">
        <source>%n sandbox(es) selected</source>
        <translation><numerusform>%n sandbox selected</numerusform><numerusform>%n sandboxes selected</numerusform></translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxesController</name>
    <message numerus="yes">
        <source>Deleted %n sandbox(es).</source>
        <translation><numerusform>Deleted %n sandbox.</numerusform><numerusform>Deleted %n sandboxes.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Deleted %1 of %2 sandboxes; %n failed.</source>
        <translation><numerusform>Deleted %1 of %2 sandboxes; %n failed.</numerusform><numerusform>Deleted %1 of %2 sandboxes; %n failed.</numerusform></translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxesPage</name>
    <message numerus="yes">
        <source>Deleting %n sandbox(es)…</source>
        <translation><numerusform>Deleting %n sandbox…</numerusform><numerusform>Deleting %n sandboxes…</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Copied %n sandbox name(s).</source>
        <translation><numerusform>Copied %n sandbox name.</numerusform><numerusform>Copied %n sandbox names.</numerusform></translation>
    </message>
</context>
<context>
    <name>BulkAction</name>
    <message numerus="yes">
        <source>Released %n sandbox(es).</source>
        <translation><numerusform>Released %n sandbox.</numerusform><numerusform>Released %n sandboxes.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Reset %n sandbox(es).</source>
        <translation><numerusform>Reset %n sandbox.</numerusform><numerusform>Reset %n sandboxes.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Released %1 of %2 sandboxes; %n failed.</source>
        <translation><numerusform>Released %1 of %2 sandboxes; %n failed.</numerusform><numerusform>Released %1 of %2 sandboxes; %n failed.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Reset %1 of %2 sandboxes; %n failed.</source>
        <translation><numerusform>Reset %1 of %2 sandboxes; %n failed.</numerusform><numerusform>Reset %1 of %2 sandboxes; %n failed.</numerusform></translation>
    </message>
</context>
<context>
    <name>ConfirmationBox</name>
    <message numerus="yes">
        <source>%n idle or failed sandbox(es) in the selection are left as they are.</source>
        <translation><numerusform>%n idle or failed sandbox in the selection is left as it is.</numerusform><numerusform>%n idle or failed sandboxes in the selection are left as they are.</numerusform></translation>
    </message>
</context>
<context>
    <name>DeleteWording</name>
    <message numerus="yes">
        <source>Delete %n Blaxel sandboxes for good?</source>
        <translation><numerusform>Delete %n Blaxel sandboxes for good?</numerusform><numerusform>Delete %n Blaxel sandboxes for good?</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation><numerusform>and %n more</numerusform><numerusform>and %n more</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n selected sandbox(es) already deleting or terminated are left as they are.</source>
        <translation><numerusform>%n selected sandbox is already deleting or terminated; sandboxes in that state are left as they are.</numerusform><numerusform>%n selected sandboxes already deleting or terminated are left as they are.</numerusform></translation>
    </message>
</context>
<context>
    <name>ExecutionConsole</name>
    <message numerus="yes">
        <source>%n line(s), %1</source>
        <translation><numerusform>%n line, %1</numerusform><numerusform>%n lines, %1</numerusform></translation>
    </message>
</context>
<context>
    <name>ExpiryNotifier</name>
    <message numerus="yes">
        <source>TTL ending within minutes for %n sandbox(es); Klavis releases them then and cannot extend a TTL.</source>
        <translation><numerusform>TTL ending within minutes for %n sandbox; Klavis releases them then and cannot extend a TTL.</numerusform><numerusform>TTL ending within minutes for %n sandboxes; Klavis releases them then and cannot extend a TTL.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>TTL ending within minutes for %n sandbox(es): see the status bar.</source>
        <translation><numerusform>TTL ending within minutes for %n sandbox: see the status bar.</numerusform><numerusform>TTL ending within minutes for %n sandboxes: see the status bar.</numerusform></translation>
    </message>
</context>
<context>
    <name>FileSearchPanel</name>
    <message numerus="yes">
        <source>The first %n found are shown.</source>
        <translation><numerusform>The first %n found are shown.</numerusform><numerusform>The first %n found are shown.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n found.</source>
        <translation><numerusform>%n found.</numerusform><numerusform>%n found.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The first %n lines found are shown.</source>
        <translation><numerusform>The first %n lines found are shown.</numerusform><numerusform>The first %n lines found are shown.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n lines found.</source>
        <translation><numerusform>%n lines found.</numerusform><numerusform>%n lines found.</numerusform></translation>
    </message>
</context>
<context>
    <name>FilesPane</name>
    <message numerus="yes">
        <source>%1 holds more than the tree shows: the first %n entries are listed.</source>
        <translation><numerusform>%1 holds more than the tree shows: the first %n entries are listed.</numerusform><numerusform>%1 holds more than the tree shows: the first %n entries are listed.</numerusform></translation>
    </message>
</context>
<context>
    <name>FollowConsole</name>
    <message numerus="yes">
        <source>Choose the folder with main.py to run in %n sandbox(es)</source>
        <translation><numerusform>Choose the folder with main.py to run in %n sandbox</numerusform><numerusform>Choose the folder with main.py to run in %n sandboxes</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <extracomment>A sandbox in the follow console's strip: its short id, its status, its line count.</extracomment>
        <translation><numerusform>%n line</numerusform><numerusform>%n lines</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n sandbox(es)</source>
        <translation><numerusform>%1 in %n sandbox</numerusform><numerusform>%1 in %n sandboxes</numerusform></translation>
    </message>
</context>
<context>
    <name>FormDialog</name>
    <message numerus="yes">
        <source>= %n h</source>
        <translation><numerusform>= %n h</numerusform><numerusform>= %n h</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>= %n min</source>
        <translation><numerusform>= %n min</numerusform><numerusform>= %n min</numerusform></translation>
    </message>
</context>
<context>
    <name>InspectPage</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation><numerusform>%n tool</numerusform><numerusform>%n tools</numerusform></translation>
    </message>
</context>
<context>
    <name>JsonTreeView</name>
    <message numerus="yes">
        <source>Expanded the first %n node(s); search to reach the others.</source>
        <translation><numerusform>Expanded the first %n node; search to reach the others.</numerusform><numerusform>Expanded the first %n nodes; search to reach the others.</numerusform></translation>
    </message>
</context>
<context>
    <name>LocalSandboxDetailsPane</name>
    <message numerus="yes">
        <source>%n local sandbox(es) selected</source>
        <translation><numerusform>%n local sandbox selected</numerusform><numerusform>%n local sandboxes selected</numerusform></translation>
    </message>
</context>
<context>
    <name>LocalSandboxesPage</name>
    <message numerus="yes">
        <source>Acquired local sandbox %1 with %n server(s).</source>
        <translation><numerusform>Acquired local sandbox %1 with %n server.</numerusform><numerusform>Acquired local sandbox %1 with %n servers.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Copied %n local sandbox id(s).</source>
        <translation><numerusform>Copied %n local sandbox id.</numerusform><numerusform>Copied %n local sandbox ids.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Copied MCP client config for %n server(s).</source>
        <translation><numerusform>Copied MCP client config for %n server.</numerusform><numerusform>Copied MCP client config for %n servers.</numerusform></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>Exported %n row(s) to %1.</source>
        <translation><numerusform>Exported %n row to %1.</numerusform><numerusform>Exported %n rows to %1.</numerusform></translation>
    </message>
</context>
<context>
    <name>NewRunProgressPage</name>
    <message numerus="yes">
        <source>%n rate-limited</source>
        <translation><numerusform>%n rate-limited</numerusform><numerusform>%n rate-limited</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %n sandbox(es) held.</source>
        <translation><numerusform>Cancelled: %n sandbox held.</numerusform><numerusform>Cancelled: %n sandboxes held.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Done: %n sandbox(es) held.</source>
        <translation><numerusform>Done: %n sandbox held.</numerusform><numerusform>Done: %n sandboxes held.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n failed.</source>
        <translation><numerusform>%n failed.</numerusform><numerusform>%n failed.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n got no answer and may be held: the next start offers them to adopt or release.</source>
        <translation><numerusform>%n got no answer and may be held: the next start offers them to adopt or release.</numerusform><numerusform>%n got no answer and may be held: the next start offers them to adopt or release.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The run was cancelled while it held %n sandbox(es).</source>
        <translation><numerusform>The run was cancelled while it held %n sandbox.</numerusform><numerusform>The run was cancelled while it held %n sandboxes.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>&amp;Release the %n acquired</source>
        <translation><numerusform>&amp;Release the %n acquired</numerusform><numerusform>&amp;Release the %n acquired</numerusform></translation>
    </message>
</context>
<context>
    <name>NewRunSandboxesPage</name>
    <message numerus="yes">
        <source>%n sandbox(es)</source>
        <translation><numerusform>%n sandbox</numerusform><numerusform>%n sandboxes</numerusform></translation>
    </message>
</context>
<context>
    <name>QuitConfirmation</name>
    <message numerus="yes">
        <source>%n transfer(s) still running. Quitting cancels them.</source>
        <translation><numerusform>%n transfer still running. Quitting cancels them.</numerusform><numerusform>%n transfers still running. Quitting cancels them.</numerusform></translation>
    </message>
</context>
<context>
    <name>ReleaseWording</name>
    <message numerus="yes">
        <source>Release %n sandboxes back to the pool?</source>
        <translation><numerusform>Release %n sandboxes back to the pool?</numerusform><numerusform>Release %n sandboxes back to the pool?</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Reset %n sandboxes?</source>
        <translation><numerusform>Reset %n sandboxes?</numerusform><numerusform>Reset %n sandboxes?</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Release %n local sandboxes?</source>
        <translation><numerusform>Release %n local sandboxes?</numerusform><numerusform>Release %n local sandboxes?</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Reset %n local sandboxes?</source>
        <translation><numerusform>Reset %n local sandboxes?</numerusform><numerusform>Reset %n local sandboxes?</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Release %n sandboxes?</source>
        <translation><numerusform>Release %n sandboxes?</numerusform><numerusform>Release %n sandboxes?</numerusform></translation>
    </message>
</context>
<context>
    <name>RunCoordinator</name>
    <message numerus="yes">
        <source>%1: %n sandbox(es) released.</source>
        <translation><numerusform>%1: %n sandbox released.</numerusform><numerusform>%1: %n sandboxes released.</numerusform></translation>
    </message>
</context>
<context>
    <name>RunLeaksPanel</name>
    <message numerus="yes">
        <source>%n sandbox(es) held that no open run claims, past their TTL or held too long</source>
        <translation><numerusform>%n sandbox held that no open run claims, past their TTL or held too long</numerusform><numerusform>%n sandboxes held that no open run claims, past their TTL or held too long</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation><numerusform>… and %n more</numerusform><numerusform>… and %n more</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Release %n leaked sandbox(es)?</source>
        <translation><numerusform>Release %n leaked sandbox?</numerusform><numerusform>Release %n leaked sandboxes?</numerusform></translation>
    </message>
</context>
<context>
    <name>RunsPage</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation><numerusform>… and %n more</numerusform><numerusform>… and %n more</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Release all %n sandbox(es) of run %1?</source>
        <translation><numerusform>Release all %n sandbox of run %1?</numerusform><numerusform>Release all %n sandboxes of run %1?</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Queued %n workspace dump(s) into %1.</source>
        <translation><numerusform>Queued %n workspace dump into %1.</numerusform><numerusform>Queued %n workspace dumps into %1.</numerusform></translation>
    </message>
</context>
<context>
    <name>SandboxDetailsPane</name>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation><numerusform>%n min ago</numerusform><numerusform>%n min ago</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation><numerusform>%n h ago</numerusform><numerusform>%n h ago</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) ago</source>
        <translation><numerusform>%n day ago</numerusform><numerusform>%n days ago</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) selected</source>
        <translation><numerusform>%n sandbox selected</numerusform><numerusform>%n sandboxes selected</numerusform></translation>
    </message>
</context>
<context>
    <name>SandboxFilterBar</name>
    <message numerus="yes">
        <source>%n sandbox(es)</source>
        <translation><numerusform>%n sandbox</numerusform><numerusform>%n sandboxes</numerusform></translation>
    </message>
</context>
<context>
    <name>SandboxesPage</name>
    <message numerus="yes">
        <source>Copied %n sandbox id(s).</source>
        <translation><numerusform>Copied %n sandbox id.</numerusform><numerusform>Copied %n sandbox ids.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Copied MCP client config for %n server(s).</source>
        <translation><numerusform>Copied MCP client config for %n server.</numerusform><numerusform>Copied MCP client config for %n servers.</numerusform></translation>
    </message>
</context>
<context>
    <name>SchemaFieldSpec</name>
    <message numerus="yes">
        <source>needs at least %n character(s)</source>
        <translation><numerusform>needs at least %n character</numerusform><numerusform>needs at least %n characters</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>allows at most %n character(s)</source>
        <translation><numerusform>allows at most %n character</numerusform><numerusform>allows at most %n characters</numerusform></translation>
    </message>
</context>
<context>
    <name>SchemaListEditor</name>
    <message numerus="yes">
        <source>needs at least %n item(s)</source>
        <translation><numerusform>needs at least %n item</numerusform><numerusform>needs at least %n items</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>allows at most %n item(s)</source>
        <translation><numerusform>allows at most %n item</numerusform><numerusform>allows at most %n items</numerusform></translation>
    </message>
</context>
<context>
    <name>SecretTree</name>
    <message numerus="yes">
        <source>{%n key(s)}</source>
        <translation><numerusform>{%n key}</numerusform><numerusform>{%n keys}</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation><numerusform>[%n item]</numerusform><numerusform>[%n items]</numerusform></translation>
    </message>
</context>
<context>
    <name>StatusBarPanel</name>
    <message numerus="yes">
        <source>%n request(s) in flight</source>
        <translation><numerusform>%n request in flight</numerusform><numerusform>%n requests in flight</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n transfer(s) running</source>
        <translation><numerusform>%n transfer running</numerusform><numerusform>%n transfers running</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n leak(s)</source>
        <translation><numerusform>%n leak</numerusform><numerusform>%n leaks</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) expiring soon</source>
        <translation><numerusform>%n sandbox expiring soon</numerusform><numerusform>%n sandboxes expiring soon</numerusform></translation>
    </message>
</context>
<context>
    <name>ToolDiffDialog</name>
    <message numerus="yes">
        <source>%1: %n tool(s), as they were listed.</source>
        <translation><numerusform>%1: %n tool, as they were listed.</numerusform><numerusform>%1: %n tools, as they were listed.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The tool lists are the same (%n tool(s)).</source>
        <translation><numerusform>The tool lists are the same (%n tool).</numerusform><numerusform>The tool lists are the same (%n tools).</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s) only in B</source>
        <translation><numerusform>%n tool only in B</numerusform><numerusform>%n tools only in B</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s) only in A</source>
        <translation><numerusform>%n tool only in A</numerusform><numerusform>%n tools only in A</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s) changed</source>
        <translation><numerusform>%n tool changed</numerusform><numerusform>%n tools changed</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n the same.</source>
        <translation><numerusform>%n the same.</numerusform><numerusform>%n the same.</numerusform></translation>
    </message>
</context>
<context>
    <name>TransferModel</name>
    <message numerus="yes">
        <source>Done, %n entry(ies) left out</source>
        <translation><numerusform>Done, %n entry left out</numerusform><numerusform>Done, %n entries left out</numerusform></translation>
    </message>
</context>
<context>
    <name>TransfersPage</name>
    <message numerus="yes">
        <source>Retrying %n transfer(s).</source>
        <translation><numerusform>Retrying %n transfer.</numerusform><numerusform>Retrying %n transfers.</numerusform></translation>
    </message>
</context>
<context>
    <name>UniverseInstanceTab</name>
    <message numerus="yes">
        <source>Copied MCP client config for %n server(s).</source>
        <translation><numerusform>Copied MCP client config for %n server.</numerusform><numerusform>Copied MCP client config for %n servers.</numerusform></translation>
    </message>
</context>
<context>
    <name>UniversesPage</name>
    <message numerus="yes">
        <source>Domain: %1 · %n task(s) · id %2</source>
        <translation><numerusform>Domain: %1 · %n task · id %2</numerusform><numerusform>Domain: %1 · %n tasks · id %2</numerusform></translation>
    </message>
</context>
<context>
    <name>UploadConfirmDialog</name>
    <message numerus="yes">
        <source>and %n more</source>
        <translation><numerusform>and %n more</numerusform><numerusform>and %n more</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation><numerusform>%n file</numerusform><numerusform>%n files</numerusform></translation>
    </message>
    <message numerus="yes">
        <source> in %n folder(s)</source>
        <translation><numerusform> in %n folder</numerusform><numerusform> in %n folders</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>, %n symbolic link(s) kept as links</source>
        <translation><numerusform>, %n symbolic link kept as links</numerusform><numerusform>, %n symbolic links kept as links</numerusform></translation>
    </message>
</context>
<context>
    <name>WorkspaceUploadJob</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation><numerusform>%1 and %n more</numerusform><numerusform>%1 and %n more</numerusform></translation>
    </message>
</context>
</TS>
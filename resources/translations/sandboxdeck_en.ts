<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>FormDialog</name>
    <message numerus="yes">
        <location filename="../../ui/formdialog.cpp" line="293" />
        <source>= %n h</source>
        <translation><numerusform>= %n h</numerusform><numerusform>= %n h</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/formdialog.cpp" line="294" />
        <source>= %n min</source>
        <translation><numerusform>= %n min</numerusform><numerusform>= %n min</numerusform></translation>
    </message>
</context>
<context>
    <name>LocalSandboxDetailsPane</name>
    <message numerus="yes">
        <location filename="../../ui/localsandboxdetailspane.cpp" line="266" />
        <source>%n local sandbox(es) selected</source>
        <translation><numerusform>%n local sandbox selected</numerusform><numerusform>%n local sandboxes selected</numerusform></translation>
    </message>
</context>
<context>
    <name>LocalSandboxesPage</name>
    <message numerus="yes">
        <location filename="../../ui/localsandboxespage.cpp" line="212" />
        <source>Acquired local sandbox %1 with %n server(s).</source>
        <translation><numerusform>Acquired local sandbox %1 with %n server.</numerusform><numerusform>Acquired local sandbox %1 with %n servers.</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/localsandboxespage.cpp" line="252" />
        <source>Copied %n local sandbox id(s).</source>
        <translation><numerusform>Copied %n local sandbox id.</numerusform><numerusform>Copied %n local sandbox ids.</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/localsandboxespage.cpp" line="269" />
        <source>Copied MCP client config for %n server(s).</source>
        <translation><numerusform>Copied MCP client config for %n server.</numerusform><numerusform>Copied MCP client config for %n servers.</numerusform></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../../ui/mainwindow.cpp" line="361" />
        <source>%n transfer(s) still running. Quit and cancel them? Nothing half-written is kept.</source>
        <translation><numerusform>%n transfer still running. Quit and cancel them? Nothing half-written is kept.</numerusform><numerusform>%n transfers still running. Quit and cancel them? Nothing half-written is kept.</numerusform></translation>
    </message>
</context>
<context>
    <name>SandboxDetailsPane</name>
    <message numerus="yes">
        <location filename="../../ui/sandboxdetailspane.cpp" line="199" />
        <source>%n min ago</source>
        <translation><numerusform>%n min ago</numerusform><numerusform>%n min ago</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sandboxdetailspane.cpp" line="201" />
        <source>%n h ago</source>
        <translation><numerusform>%n h ago</numerusform><numerusform>%n h ago</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sandboxdetailspane.cpp" line="202" />
        <source>%n day(s) ago</source>
        <translation><numerusform>%n day ago</numerusform><numerusform>%n days ago</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sandboxdetailspane.cpp" line="294" />
        <source>%n sandbox(es) selected</source>
        <translation><numerusform>%n sandbox selected</numerusform><numerusform>%n sandboxes selected</numerusform></translation>
    </message>
</context>
<context>
    <name>SandboxFilterBar</name>
    <message numerus="yes">
        <location filename="../../ui/sandboxfilterbar.cpp" line="82" />
        <source>%n sandbox(es)</source>
        <translation><numerusform>%n sandbox</numerusform><numerusform>%n sandboxes</numerusform></translation>
    </message>
</context>
<context>
    <name>SandboxesPage</name>
    <message numerus="yes">
        <location filename="../../ui/sandboxespage.cpp" line="253" />
        <source>Copied %n sandbox id(s).</source>
        <translation><numerusform>Copied %n sandbox id.</numerusform><numerusform>Copied %n sandbox ids.</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/sandboxespage.cpp" line="284" />
        <source>Copied MCP client config for %n server(s).</source>
        <translation><numerusform>Copied MCP client config for %n server.</numerusform><numerusform>Copied MCP client config for %n servers.</numerusform></translation>
    </message>
</context>
<context>
    <name>SecretTree</name>
    <message numerus="yes">
        <location filename="../../ui/secrettree.cpp" line="115" />
        <source>{%n key(s)}</source>
        <translation><numerusform>{%n key}</numerusform><numerusform>{%n keys}</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/secrettree.cpp" line="123" />
        <source>[%n item(s)]</source>
        <translation><numerusform>[%n item]</numerusform><numerusform>[%n items]</numerusform></translation>
    </message>
</context>
<context>
    <name>StatusBarPanel</name>
    <message numerus="yes">
        <location filename="../../ui/statusbarpanel.cpp" line="103" />
        <source>%n request(s) in flight</source>
        <translation><numerusform>%n request in flight</numerusform><numerusform>%n requests in flight</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/statusbarpanel.cpp" line="109" />
        <source>%n transfer(s) running</source>
        <translation><numerusform>%n transfer running</numerusform><numerusform>%n transfers running</numerusform></translation>
    </message>
</context>
<context>
    <name>TransferModel</name>
    <message numerus="yes">
        <location filename="../../app/models/transfermodel.cpp" line="123" />
        <source>Done, %n entry(ies) left out</source>
        <translation><numerusform>Done, %n entry left out</numerusform><numerusform>Done, %n entries left out</numerusform></translation>
    </message>
</context>
<context>
    <name>TransfersPage</name>
    <message numerus="yes">
        <location filename="../../ui/transferspage.cpp" line="167" />
        <source>Retrying %n transfer(s).</source>
        <translation><numerusform>Retrying %n transfer.</numerusform><numerusform>Retrying %n transfers.</numerusform></translation>
    </message>
</context>
<context>
    <name>UploadConfirmDialog</name>
    <message numerus="yes">
        <location filename="../../ui/uploadconfirmdialog.cpp" line="27" />
        <location filename="../../ui/uploadconfirmdialog.cpp" line="141" />
        <source>and %n more</source>
        <translation><numerusform>and %n more</numerusform><numerusform>and %n more</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/uploadconfirmdialog.cpp" line="131" />
        <source>%n file(s)</source>
        <translation><numerusform>%n file</numerusform><numerusform>%n files</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/uploadconfirmdialog.cpp" line="133" />
        <source> in %n folder(s)</source>
        <translation><numerusform> in %n folder</numerusform><numerusform> in %n folders</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/uploadconfirmdialog.cpp" line="135" />
        <source>, %n symbolic link(s) kept as links</source>
        <translation><numerusform>, %n symbolic link kept as links</numerusform><numerusform>, %n symbolic links kept as links</numerusform></translation>
    </message>
</context>
</TS>
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en_US">
<context>
    <name>AcquireDialog</name>
    <message>
        <source>Acquire sandbox</source>
        <translation>Sandbox anfordern</translation>
    </message>
    <message>
        <source>Type to search, e.g. gmail</source>
        <translation>Zum Suchen tippen, z. B. gmail</translation>
    </message>
    <message>
        <source>Optional: a specific test account</source>
        <translation>Optional: ein bestimmtes Testkonto</translation>
    </message>
    <message>
        <source>Optional, e.g. run-42</source>
        <translation>Optional, z. B. run-42</translation>
    </message>
    <message>
        <source>Tag the sandbox so that you can find (and release) a run&apos;s sandboxes together.</source>
        <translation>Die Sandbox mit einem Tag versehen, um die Sandboxes eines Laufs gemeinsam zu finden (und freizugeben).</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>&amp;Server:</translation>
    </message>
    <message>
        <source>&amp;Benchmark:</source>
        <translation>&amp;Benchmark:</translation>
    </message>
    <message>
        <source>Test account &amp;email:</source>
        <translation>&amp;E-Mail des Testkontos:</translation>
    </message>
    <message>
        <source>&amp;Tag:</source>
        <translation>&amp;Tag:</translation>
    </message>
    <message>
        <source>Time to &amp;live:</source>
        <translation>&amp;Lebensdauer:</translation>
    </message>
    <message>
        <source>Acquire</source>
        <translation>Anfordern</translation>
    </message>
    <message>
        <source>Pick or type a server.</source>
        <translation>Einen Server auswählen oder eingeben.</translation>
    </message>
    <message>
        <source>Some fields need attention.</source>
        <translation>Einige Felder müssen korrigiert werden.</translation>
    </message>
</context>
<context>
    <name>AllSandboxesModel</name>
    <message>
        <source>Klavis</source>
        <translation>Klavis</translation>
    </message>
    <message>
        <source>Klavis local</source>
        <translation>Klavis lokal</translation>
    </message>
    <message>
        <source>Blaxel</source>
        <translation>Blaxel</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Since the last update of a Klavis sandbox, since the creation of a Klavis local or Blaxel sandbox</source>
        <translation>Seit der letzten Änderung einer Klavis-Sandbox, seit dem Anlegen einer lokalen Klavis- oder einer Blaxel-Sandbox</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
</context>
<context>
    <name>AllSandboxesPage</name>
    <message>
        <source>Search every provider</source>
        <translation>Bei allen Anbietern suchen</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>Alle Anbieter</translation>
    </message>
    <message>
        <source>Could not refresh the Klavis sandboxes</source>
        <translation>Die Klavis-Sandboxes konnten nicht aktualisiert werden</translation>
    </message>
    <message>
        <source>Could not refresh the Klavis local sandboxes</source>
        <translation>Die lokalen Klavis-Sandboxes konnten nicht aktualisiert werden</translation>
    </message>
    <message>
        <source>Could not refresh the Blaxel sandboxes</source>
        <translation>Die Blaxel-Sandboxes konnten nicht aktualisiert werden</translation>
    </message>
    <message>
        <source>No sandboxes on any connected provider.</source>
        <translation>Bei keinem verbundenen Anbieter gibt es Sandboxes.</translation>
    </message>
    <message numerus="yes">
        <source>%n selected sandbox(es) that this does not apply to are left as they are.</source>
        <translation>
            <numerusform>%n ausgewählte Sandbox, für die dies nicht gilt, bleibt unverändert.</numerusform>
            <numerusform>%n ausgewählte Sandboxes, für die dies nicht gilt, bleiben unverändert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleting %n Blaxel sandbox(es)…</source>
        <translation>
            <numerusform>%n Blaxel-Sandbox wird gelöscht …</numerusform>
            <numerusform>%n Blaxel-Sandboxes werden gelöscht …</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied %n sandbox id(s).</source>
        <translation>
            <numerusform>%n Sandbox-ID kopiert.</numerusform>
            <numerusform>%n Sandbox-IDs kopiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Drop on a Klavis local or a Blaxel sandbox to upload a workspace: a Klavis sandbox has none.</source>
        <translation>Zum Hochladen eines Arbeitsbereichs auf eine lokale Klavis- oder eine Blaxel-Sandbox ziehen: Eine Klavis-Sandbox hat keinen.</translation>
    </message>
    <message>
        <source>&amp;Delete %1</source>
        <translation>%1 &amp;löschen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
</context>
<context>
    <name>ApiError</name>
    <message>
        <source>Could not reach the server (%1). Check the network and the base URL.</source>
        <translation>Der Server ist nicht erreichbar (%1). Netzwerk und Basis-URL prüfen.</translation>
    </message>
    <message>
        <source>The server did not answer within %1 s. It may be overloaded; try again.</source>
        <translation>Der Server hat nicht innerhalb von %1 s geantwortet. Möglicherweise ist er überlastet; erneut versuchen.</translation>
    </message>
    <message>
        <source>The server sent a reply this app cannot read (%1). Try again; if it persists, the API may have changed.</source>
        <translation>Der Server hat eine Antwort gesendet, die diese Anwendung nicht lesen kann (%1). Erneut versuchen; wenn der Fehler bleibt, hat sich womöglich die API geändert.</translation>
    </message>
    <message>
        <source>Gave up after %1 s, the time allowed for the whole call (every attempt and wait included). The server is too slow or not answering; try again later.</source>
        <translation>Nach %1 s abgebrochen, der für den gesamten Aufruf erlaubten Zeit (alle Versuche und Wartezeiten eingeschlossen). Der Server ist zu langsam oder antwortet nicht; später erneut versuchen.</translation>
    </message>
    <message>
        <source>The server&apos;s answer was cut short (%1), so it was not used. Try again.</source>
        <translation>Die Antwort des Servers war unvollständig (%1) und wurde daher nicht verwendet. Erneut versuchen.</translation>
    </message>
    <message>
        <source>The server&apos;s answer was larger than the %1 MiB allowed for this kind of call, so it was not read.</source>
        <translation>Die Antwort des Servers war größer als die für diese Art von Aufruf erlaubten %1 MiB und wurde daher nicht gelesen.</translation>
    </message>
    <message>
        <source>%1 Server said: %2</source>
        <translation>%1 Meldung des Servers: %2</translation>
    </message>
    <message>
        <source>The server refused the request as malformed.</source>
        <translation>Der Server hat die Anfrage als fehlerhaft abgelehnt.</translation>
    </message>
    <message>
        <source>Not found: it may have been released or never existed. Refresh the list.</source>
        <translation>Nicht gefunden: Es wurde möglicherweise freigegeben oder hat nie existiert. Die Liste aktualisieren.</translation>
    </message>
    <message>
        <source>The server timed out waiting for the request. Try again.</source>
        <translation>Beim Warten auf die Anfrage ist beim Server eine Zeitüberschreitung aufgetreten. Erneut versuchen.</translation>
    </message>
    <message>
        <source>The request conflicts with the current state. Refresh and try again.</source>
        <translation>Die Anfrage steht im Widerspruch zum aktuellen Zustand. Aktualisieren und erneut versuchen.</translation>
    </message>
    <message>
        <source>The server rejected a value in the request.</source>
        <translation>Der Server hat einen Wert in der Anfrage abgelehnt.</translation>
    </message>
    <message>
        <source>Rate limited by the server: try again in %1 s.</source>
        <translation>Anfragelimit des Servers erreicht: in %1 s erneut versuchen.</translation>
    </message>
    <message>
        <source>Rate limited by the server. Wait a moment and try again.</source>
        <translation>Anfragelimit des Servers erreicht. Einen Moment warten und erneut versuchen.</translation>
    </message>
    <message>
        <source>The service is unavailable or out of capacity. Try again later.</source>
        <translation>Der Dienst ist nicht verfügbar oder ausgelastet. Später erneut versuchen.</translation>
    </message>
    <message>
        <source>The server failed (HTTP %1). Try again later.</source>
        <translation>Auf dem Server ist ein Fehler aufgetreten (HTTP %1). Später erneut versuchen.</translation>
    </message>
    <message>
        <source>The server answered HTTP %1.</source>
        <translation>Der Server hat mit HTTP %1 geantwortet.</translation>
    </message>
    <message>
        <source>The server does not know something the acquire named: the server, the benchmark or the test account.</source>
        <translation>Der Server kennt etwas nicht, das bei der Anforderung angegeben wurde: den Server, den Benchmark oder das Testkonto.</translation>
    </message>
    <message>
        <source>No sandbox could be given out now (none idle, or the service is out of capacity). Nothing was acquired; try again later.</source>
        <translation>Derzeit kann keine Sandbox vergeben werden (keine ist frei, oder der Dienst hat keine Kapazität mehr). Es wurde nichts angefordert; später erneut versuchen.</translation>
    </message>
    <message>
        <source>The API key is missing.</source>
        <translation>Der API-Schlüssel fehlt.</translation>
    </message>
    <message>
        <source>The API key was refused.</source>
        <translation>Der API-Schlüssel wurde abgelehnt.</translation>
    </message>
</context>
<context>
    <name>ApiKeyDialog</name>
    <message>
        <source>Welcome to SandboxDeck</source>
        <translation>Willkommen bei SandboxDeck</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Connect to Klavis with an API key from your dashboard. The key is kept in the system keychain, never in a settings file. Or look around first with the built-in demo.</source>
        <translation>Mit einem API-Schlüssel aus dem Klavis-Dashboard verbinden. Der Schlüssel wird im Schlüsselbund des Systems aufbewahrt, nie in einer Einstellungsdatei. Oder sich zuerst mit der eingebauten Demo umsehen.</translation>
    </message>
    <message>
        <source>The server says the API key is missing for profile “%1”. Enter it to continue.</source>
        <translation>Laut Server fehlt der API-Schlüssel für das Profil „%1“. Zum Fortfahren den Schlüssel eingeben.</translation>
    </message>
    <message>
        <source>The server refused the API key of profile “%1”. Check it in your Klavis dashboard and enter it again.</source>
        <translation>Der Server hat den API-Schlüssel des Profils „%1“ abgelehnt. Den Schlüssel im Klavis-Dashboard prüfen und erneut eingeben.</translation>
    </message>
    <message>
        <source>Klavis</source>
        <translation>Klavis</translation>
    </message>
    <message>
        <source>Open the &amp;Demo</source>
        <translation>&amp;Demo öffnen</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
</context>
<context>
    <name>ApiKeyPolicy</name>
    <message>
        <source>a carriage return (CR)</source>
        <translation>einen Wagenrücklauf (CR)</translation>
    </message>
    <message>
        <source>a line break (LF)</source>
        <translation>einen Zeilenumbruch (LF)</translation>
    </message>
    <message>
        <source>a tab</source>
        <translation>einen Tabulator</translation>
    </message>
    <message>
        <source>the invisible character U+%1</source>
        <translation>das unsichtbare Zeichen U+%1</translation>
    </message>
    <message>
        <source>The API key contains %1, which no API key has; it was not used. Copy the key again from your Klavis dashboard.</source>
        <translation>Der API-Schlüssel enthält %1, was in keinem API-Schlüssel vorkommt; er wurde nicht verwendet. Den Schlüssel erneut aus dem Klavis-Dashboard kopieren.</translation>
    </message>
    <message>
        <source>Removed the spaces or line break at the end of the API key.</source>
        <translation>Leerzeichen oder Zeilenumbruch am Ende des API-Schlüssels entfernt.</translation>
    </message>
</context>
<context>
    <name>AppSession</name>
    <message>
        <source>The demo server could not start on a loopback port.</source>
        <translation>Der Demo-Server konnte auf keinem Loopback-Port starten.</translation>
    </message>
    <message>
        <source>This sandbox has no API address yet.</source>
        <translation>Diese Sandbox hat noch keine API-Adresse.</translation>
    </message>
</context>
<context>
    <name>ApplicationController</name>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>There is no profile named “%1”.</source>
        <translation>Es gibt kein Profil namens „%1“.</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>Keychain</source>
        <translation>Schlüsselbund</translation>
    </message>
    <message>
        <source>Saving the key in the keychain…</source>
        <translation>Schlüssel wird im Schlüsselbund gespeichert …</translation>
    </message>
    <message>
        <source>Blaxel</source>
        <translation>Blaxel</translation>
    </message>
    <message>
        <source>The Blaxel profile “%1” has no API key in the keychain. Edit it in Settings to enter one.</source>
        <translation>Das Blaxel-Profil „%1“ hat keinen API-Schlüssel im Schlüsselbund. Das Profil in den Einstellungen bearbeiten, um einen einzugeben.</translation>
    </message>
</context>
<context>
    <name>ArchiveTarWriter</name>
    <message>
        <source>Out of memory</source>
        <translation>Nicht genügend Arbeitsspeicher</translation>
    </message>
    <message>
        <source>Cannot set up the archive</source>
        <translation>Das Archiv kann nicht eingerichtet werden</translation>
    </message>
    <message>
        <source>Cannot start the archive</source>
        <translation>Das Archiv kann nicht begonnen werden</translation>
    </message>
    <message>
        <source>Cannot store the name %1 (no UTF-8 locale)</source>
        <translation>Der Name %1 kann nicht gespeichert werden (keine UTF-8-Locale)</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 changed while it was being packed</source>
        <translation>%1 wurde während des Packens geändert</translation>
    </message>
    <message>
        <source>Cannot add %1</source>
        <translation>%1 kann nicht hinzugefügt werden</translation>
    </message>
    <message>
        <source>Cannot store the link %1 (no UTF-8 locale)</source>
        <translation>Die Verknüpfung %1 kann nicht gespeichert werden (keine UTF-8-Locale)</translation>
    </message>
    <message>
        <source>Cannot add %1: %2</source>
        <translation>%1 kann nicht hinzugefügt werden: %2</translation>
    </message>
    <message>
        <source>Cannot finish the archive</source>
        <translation>Das Archiv kann nicht abgeschlossen werden</translation>
    </message>
</context>
<context>
    <name>ArchiveWalker</name>
    <message>
        <source>Nothing to pack</source>
        <translation>Nichts zu packen</translation>
    </message>
    <message>
        <source>Cannot pack %1: it has no name</source>
        <translation>%1 kann nicht gepackt werden: es hat keinen Namen</translation>
    </message>
    <message>
        <source>Two of the items to pack are named &quot;%1&quot;</source>
        <translation>Zwei der zu packenden Elemente heißen „%1“</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot read the link %1: %2</source>
        <translation>Die Verknüpfung %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>link target is not valid UTF-8</source>
        <translation>Verknüpfungsziel ist kein gültiges UTF-8</translation>
    </message>
    <message>
        <source>Cannot list %1: %2</source>
        <translation>Inhalt von %1 kann nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>name is not valid UTF-8</source>
        <translation>Name ist kein gültiges UTF-8</translation>
    </message>
</context>
<context>
    <name>BlaxelConfigImport</name>
    <message>
        <source>%1 is not valid YAML (line %2, column %3): nothing was read from it.</source>
        <translation>%1 ist kein gültiges YAML (Zeile %2, Spalte %3): Es wurde nichts daraus gelesen.</translation>
    </message>
    <message>
        <source>%1 could not be read as YAML: nothing was read from it.</source>
        <translation>%1 konnte nicht als YAML gelesen werden: Es wurde nichts daraus gelesen.</translation>
    </message>
    <message>
        <source>%1 is not a Blaxel CLI configuration (no workspaces in it).</source>
        <translation>%1 ist keine Konfiguration der Blaxel-CLI (sie enthält keine Workspaces).</translation>
    </message>
    <message>
        <source>%1: &quot;workspaces&quot; is not a list; nothing was read from it.</source>
        <translation>%1: „workspaces“ ist keine Liste; es wurde nichts daraus gelesen.</translation>
    </message>
    <message>
        <source>%1 lists %2 workspaces: only the first %3 were read.</source>
        <translation>%1 führt %2 Workspaces auf: Nur die ersten %3 wurden gelesen.</translation>
    </message>
    <message>
        <source>Workspace entry %1 of %2 has no usable name and was skipped.</source>
        <translation>Workspace-Eintrag %1 von %2 hat keinen verwendbaren Namen und wurde übersprungen.</translation>
    </message>
    <message>
        <source>Workspace “%1” has no API key or login token in %2 (log in with `bl login %1`, or create an API key in the Blaxel console).</source>
        <translation>Der Workspace „%1“ hat in %2 weder einen API-Schlüssel noch ein Login-Token (mit `bl login %1` anmelden oder in der Blaxel-Konsole einen API-Schlüssel erstellen).</translation>
    </message>
    <message>
        <source>The key of workspace “%1” in %2 cannot be used: %3</source>
        <translation>Der Schlüssel des Workspace „%1“ in %2 ist nicht verwendbar: %3</translation>
    </message>
    <message>
        <source>%1 has an unexpected structure: only part of it was read.</source>
        <translation>%1 hat einen unerwarteten Aufbau: Nur ein Teil davon wurde gelesen.</translation>
    </message>
    <message>
        <source>The Blaxel CLI configuration</source>
        <translation>Die Konfiguration der Blaxel-CLI</translation>
    </message>
    <message>
        <source>%1 is not a regular file: it was not read.</source>
        <translation>%1 ist keine reguläre Datei: Sie wurde nicht gelesen.</translation>
    </message>
    <message>
        <source>%1 is larger than %2 KiB: it was not read.</source>
        <translation>%1 ist größer als %2 KiB: Die Datei wurde nicht gelesen.</translation>
    </message>
    <message>
        <source>%1 could not be opened: %2</source>
        <translation>%1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>The base URL must not contain a query (?...) or fragment (#...).</source>
        <translation>Die Basis-URL darf keine Abfrage (?...) und kein Fragment (#...) enthalten.</translation>
    </message>
    <message>
        <source>BL_API_URL is refused, so nothing is offered for import: %1</source>
        <translation>BL_API_URL wird abgelehnt, daher wird nichts zum Import angeboten: %1</translation>
    </message>
    <message>
        <source>BL_WORKSPACE is not a usable workspace name: %1</source>
        <translation>BL_WORKSPACE ist kein verwendbarer Workspace-Name: %1</translation>
    </message>
    <message>
        <source>BL_API_KEY cannot be used: %1</source>
        <translation>BL_API_KEY ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>BL_API_KEY is set, but no workspace goes with it: set BL_WORKSPACE too.</source>
        <translation>BL_API_KEY ist gesetzt, aber ohne zugehörigen Workspace: Auch BL_WORKSPACE setzen.</translation>
    </message>
</context>
<context>
    <name>BlaxelCreateDialog</name>
    <message>
        <source>Create Blaxel sandbox</source>
        <translation>Blaxel-Sandbox erstellen</translation>
    </message>
    <message>
        <source>e.g. my-sandbox-1</source>
        <translation>z. B. my-sandbox-1</translation>
    </message>
    <message>
        <source>Optional</source>
        <translation>Optional</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Optional, e.g. team=research, project=eval</source>
        <translation>Optional, z. B. team=research, project=eval</translation>
    </message>
    <message>
        <source>Optional, e.g. 24h or 1h30m</source>
        <translation>Optional, z. B. 24h oder 1h30m</translation>
    </message>
    <message>
        <source>Blaxel deletes the sandbox for good this long after its creation.</source>
        <translation>Blaxel löscht die Sandbox so lange nach ihrer Erstellung endgültig.</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Display name:</source>
        <translation>&amp;Anzeigename:</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <source>&amp;Memory:</source>
        <translation>&amp;Speicher:</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>&amp;Region:</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>&amp;Labels:</translation>
    </message>
    <message>
        <source>&amp;TTL:</source>
        <translation>&amp;TTL:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Erstellen</translation>
    </message>
    <message>
        <source>Some fields need attention.</source>
        <translation>Einige Felder müssen korrigiert werden.</translation>
    </message>
    <message>
        <source>Choose an image.</source>
        <translation>Ein Image wählen.</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>&amp;Umgebung:</translation>
    </message>
</context>
<context>
    <name>BlaxelCreateRequest</name>
    <message>
        <source>Choose an image for the sandbox (for example blaxel/base-image:latest).</source>
        <translation>Ein Image für die Sandbox wählen (zum Beispiel blaxel/base-image:latest).</translation>
    </message>
    <message>
        <source>The display name, image, region and TTL must be single lines without control characters.</source>
        <translation>Anzeigename, Image, Region und TTL müssen einzeilig sein und dürfen keine Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>The memory must be a positive number of MB, or 0 for the default.</source>
        <translation>Der Arbeitsspeicher muss eine positive Zahl in MB sein, oder 0 für den Standardwert.</translation>
    </message>
    <message>
        <source>Each port must be between 1 and 65535.</source>
        <translation>Jeder Port muss zwischen 1 und 65535 liegen.</translation>
    </message>
    <message>
        <source>Port %1 is listed twice.</source>
        <translation>Port %1 ist doppelt angegeben.</translation>
    </message>
    <message>
        <source>Each environment variable needs a name without &apos;=&apos; or control characters.</source>
        <translation>Jede Umgebungsvariable braucht einen Namen ohne „=“ und ohne Steuerzeichen.</translation>
    </message>
    <message>
        <source>An environment variable is named twice.</source>
        <translation>Eine Umgebungsvariable ist doppelt angegeben.</translation>
    </message>
    <message>
        <source>Each label needs a key, and neither key nor value may hold control characters.</source>
        <translation>Jedes Label braucht einen Schlüssel, und weder Schlüssel noch Wert dürfen Steuerzeichen enthalten.</translation>
    </message>
</context>
<context>
    <name>BlaxelDecoder</name>
    <message>
        <source>expected a sandbox object</source>
        <translation>Sandbox-Objekt erwartet</translation>
    </message>
    <message>
        <source>`data` is not a list</source>
        <translation>`data` ist keine Liste</translation>
    </message>
    <message>
        <source>neither a list nor `data` in the reply</source>
        <translation>weder eine Liste noch `data` in der Antwort</translation>
    </message>
    <message>
        <source>The server sent %1 rows in one answer; the first %2 are shown.</source>
        <translation>Der Server hat %1 Zeilen in einer Antwort gesendet; die ersten %2 werden angezeigt.</translation>
    </message>
</context>
<context>
    <name>BlaxelDumpJob</name>
    <message>
        <source>The sandbox&apos;s connection is gone.</source>
        <translation>Die Verbindung der Sandbox besteht nicht mehr.</translation>
    </message>
    <message>
        <source>Could not create a temporary folder in %1 for the download.</source>
        <translation>In %1 konnte kein temporärer Ordner für den Download angelegt werden.</translation>
    </message>
    <message>
        <source>The sandbox could not prepare the dump. %1</source>
        <translation>Die Sandbox konnte den Dump nicht vorbereiten. %1</translation>
    </message>
    <message>
        <source>The sandbox could not pack its workspace. %1</source>
        <translation>Die Sandbox konnte ihren Arbeitsbereich nicht packen. %1</translation>
    </message>
    <message>
        <source>tar in the sandbox could not pack the workspace (exit code %1): %2</source>
        <translation>tar in der Sandbox konnte den Arbeitsbereich nicht packen (Exit-Code %1): %2</translation>
    </message>
    <message>
        <source>The download failed. %1</source>
        <translation>Der Download ist fehlgeschlagen. %1</translation>
    </message>
    <message>
        <source>%1 is not a file or folder inside the sandbox.</source>
        <translation>%1 ist keine Datei und kein Ordner in der Sandbox.</translation>
    </message>
</context>
<context>
    <name>BlaxelDuration</name>
    <message>
        <source>A duration such as 30m, 24h or 1h30m.</source>
        <translation>Eine Dauer wie 30m, 24h oder 1h30m.</translation>
    </message>
</context>
<context>
    <name>BlaxelEditDialog</name>
    <message>
        <source>Edit Blaxel sandbox %1</source>
        <translation>Blaxel-Sandbox %1 bearbeiten</translation>
    </message>
    <message>
        <source>None, e.g. team=research, project=eval</source>
        <translation>Keine, z. B. team=research, project=eval</translation>
    </message>
    <message>
        <source>None, e.g. 24h or 7d</source>
        <translation>Keine, z. B. 24h oder 7d</translation>
    </message>
    <message>
        <source>Blaxel deletes the sandbox for good this long after its creation. Empty: no TTL.</source>
        <translation>Blaxel löscht die Sandbox so lange nach ihrer Erstellung endgültig. Leer: keine TTL.</translation>
    </message>
    <message>
        <source>Now deleted in %1; a new TTL counts from the creation.</source>
        <translation>Derzeit gelöscht in %1; eine neue TTL zählt ab der Erstellung.</translation>
    </message>
    <message>
        <source>No deletion is planned now; a new TTL counts from the creation.</source>
        <translation>Derzeit ist keine Löschung geplant; eine neue TTL zählt ab der Erstellung.</translation>
    </message>
    <message>
        <source>&amp;Display name:</source>
        <translation>&amp;Anzeigename:</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>&amp;Labels:</translation>
    </message>
    <message>
        <source>&amp;TTL:</source>
        <translation>&amp;TTL:</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Some fields need attention.</source>
        <translation>Einige Felder brauchen Aufmerksamkeit.</translation>
    </message>
    <message>
        <source>Nothing has changed.</source>
        <translation>Nichts wurde geändert.</translation>
    </message>
</context>
<context>
    <name>BlaxelEnvironmentEditor</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>Geheim</translation>
    </message>
    <message>
        <source>Variables of the sandbox&apos;s environment. A secret is sent as one and shown as bullets; its value is never written anywhere by this app.</source>
        <translation>Variablen der Umgebung der Sandbox. Ein Geheimnis wird als solches gesendet und als Punkte gezeigt; diese App schreibt seinen Wert nirgends hin.</translation>
    </message>
    <message>
        <source>&amp;Add variable</source>
        <translation>Variable &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Sent as a secret: Blaxel keeps its value out of what it shows.</source>
        <translation>Als Geheimnis gesendet: Blaxel zeigt seinen Wert nicht an.</translation>
    </message>
</context>
<context>
    <name>BlaxelErrorDecoder</name>
    <message>
        <source>The workspace&apos;s sandbox quota is used up. Delete sandboxes it no longer needs, or raise the quota, then try again.</source>
        <translation>Das Sandbox-Kontingent des Workspace ist ausgeschöpft. Nicht mehr benötigte Sandboxes löschen oder das Kontingent erhöhen, dann erneut versuchen.</translation>
    </message>
    <message>
        <source>Blaxel&apos;s gateway timed out before the service answered (HTTP %1). The request may still have taken effect: refresh before trying again.</source>
        <translation>Beim Gateway von Blaxel ist eine Zeitüberschreitung aufgetreten, bevor der Dienst antwortete (HTTP %1). Die Anfrage kann dennoch wirksam geworden sein: Vor einem erneuten Versuch aktualisieren.</translation>
    </message>
    <message>
        <source>Blaxel refused the request because of the workspace: check its name.</source>
        <translation>Blaxel hat die Anfrage wegen des Workspace abgelehnt: Den Workspace-Namen prüfen.</translation>
    </message>
    <message>
        <source>Blaxel refused the request as malformed.</source>
        <translation>Blaxel hat die Anfrage als fehlerhaft abgelehnt.</translation>
    </message>
    <message>
        <source>Blaxel does not know something the request named (the workspace, image or region).</source>
        <translation>Blaxel kennt etwas nicht, das die Anfrage nennt (den Workspace, das Image oder die Region).</translation>
    </message>
    <message>
        <source>No such sandbox in this workspace: it may have been deleted already, or never existed. Refresh the list.</source>
        <translation>Diese Sandbox gibt es in diesem Workspace nicht: Sie wurde möglicherweise bereits gelöscht oder hat nie existiert. Die Liste aktualisieren.</translation>
    </message>
    <message>
        <source>A sandbox of this name already exists in the workspace. Choose another name.</source>
        <translation>Im Workspace gibt es bereits eine Sandbox mit diesem Namen. Einen anderen Namen wählen.</translation>
    </message>
    <message>
        <source>The sandbox&apos;s current state does not allow this. Refresh and try again.</source>
        <translation>Der aktuelle Zustand der Sandbox lässt dies nicht zu. Aktualisieren und erneut versuchen.</translation>
    </message>
    <message>
        <source>Blaxel rejected a value in the request.</source>
        <translation>Blaxel hat einen Wert in der Anfrage abgelehnt.</translation>
    </message>
    <message>
        <source>Blaxel says a retry may succeed.</source>
        <translation>Laut Blaxel kann ein erneuter Versuch gelingen.</translation>
    </message>
    <message>
        <source>Blaxel accepted the API key but refused the action: the key&apos;s role may not do this in the workspace. Ask a workspace admin.</source>
        <translation>Blaxel hat den API-Schlüssel akzeptiert, aber die Aktion abgelehnt: Die Rolle des Schlüssels darf das in diesem Workspace wohl nicht. Einen Administrator des Workspace fragen.</translation>
    </message>
</context>
<context>
    <name>BlaxelFileContent</name>
    <message>
        <source>a range of bytes other than the one asked for</source>
        <translation>einen anderen Bytebereich als den angefragten</translation>
    </message>
    <message>
        <source>the connection dropped while %1 was read</source>
        <translation>die Verbindung brach ab, während %1 gelesen wurde</translation>
    </message>
    <message>
        <source>Say how many bytes to read (at least one).</source>
        <translation>Angeben, wie viele Bytes gelesen werden sollen (mindestens eines).</translation>
    </message>
    <message>
        <source>The working directory</source>
        <translation>Das Arbeitsverzeichnis</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file: open a file to read it.</source>
        <translation>%1 ist ein Ordner, keine Datei: Zum Lesen eine Datei öffnen.</translation>
    </message>
    <message>
        <source>Say which folder to make.</source>
        <translation>Angeben, welcher Ordner angelegt werden soll.</translation>
    </message>
    <message>
        <source>Say which file or folder to move, and where to.</source>
        <translation>Angeben, welche Datei oder welcher Ordner wohin verschoben werden soll.</translation>
    </message>
    <message>
        <source>%1 was not moved: something came to be at %2 meanwhile, and it was left as it is.</source>
        <translation>%1 wurde nicht verschoben: Inzwischen liegt etwas unter %2, und es blieb unverändert.</translation>
    </message>
    <message>
        <source>Could not move %1 to %2: %3</source>
        <translation>%1 konnte nicht nach %2 verschoben werden: %3</translation>
    </message>
    <message>
        <source>mv failed</source>
        <translation>mv ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 exists already: nothing was moved, and it was left as it is.</source>
        <translation>%1 existiert bereits: Nichts wurde verschoben, und es blieb unverändert.</translation>
    </message>
</context>
<context>
    <name>BlaxelFileDownload</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>the connection dropped %1 times in a row without new bytes</source>
        <translation>die Verbindung ist %1-mal in Folge ohne neue Bytes abgebrochen</translation>
    </message>
</context>
<context>
    <name>BlaxelFileTreeModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Permissions</source>
        <translation>Berechtigungen</translation>
    </message>
</context>
<context>
    <name>BlaxelImportDialog</name>
    <message>
        <source>login token %1 (expires)</source>
        <translation>Login-Token %1 (läuft ab)</translation>
    </message>
    <message>
        <source>API key %1</source>
        <translation>API-Schlüssel %1</translation>
    </message>
    <message>
        <source>from BL_API_KEY</source>
        <translation>aus BL_API_KEY</translation>
    </message>
    <message>
        <source>from config.yaml</source>
        <translation>aus config.yaml</translation>
    </message>
    <message>
        <source>current workspace</source>
        <translation>aktueller Workspace</translation>
    </message>
    <message>
        <source>Import from Blaxel CLI</source>
        <translation>Aus der Blaxel-CLI importieren</translation>
    </message>
    <message>
        <source>Workspaces and keys found in %1 and the environment (BL_API_KEY, BL_WORKSPACE, BL_API_URL). Each checked one becomes a Blaxel profile; its key goes to the system keychain, never to a settings file.</source>
        <translation>In %1 und in der Umgebung (BL_API_KEY, BL_WORKSPACE, BL_API_URL) gefundene Workspaces und Schlüssel. Aus jedem markierten Workspace wird ein Blaxel-Profil; sein Schlüssel kommt in den Schlüsselbund des Systems, nie in eine Einstellungsdatei.</translation>
    </message>
    <message>
        <source>Workspaces found</source>
        <translation>Gefundene Workspaces</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>already profile “%1”</source>
        <translation>bereits Profil „%1“</translation>
    </message>
    <message>
        <source>No workspace with a usable key was found.</source>
        <translation>Es wurde kein Workspace mit verwendbarem Schlüssel gefunden.</translation>
    </message>
    <message>
        <source>Nothing to import: there is no ~/.blaxel/config.yaml and BL_API_KEY is not set. Log in with `bl login WORKSPACE` first, or add a Blaxel profile by hand.</source>
        <translation>Nichts zu importieren: Es gibt keine ~/.blaxel/config.yaml, und BL_API_KEY ist nicht gesetzt. Zuerst mit `bl login WORKSPACE` anmelden oder ein Blaxel-Profil von Hand hinzufügen.</translation>
    </message>
    <message>
        <source>Check at least one workspace to import.</source>
        <translation>Mindestens einen Workspace zum Importieren markieren.</translation>
    </message>
    <message>
        <source>Saving the keys in the keychain…</source>
        <translation>Schlüssel werden im Schlüsselbund gespeichert …</translation>
    </message>
</context>
<context>
    <name>BlaxelLabelsText</name>
    <message>
        <source>A label is name=value; a name holds letters, digits, &apos;.&apos;, &apos;_&apos;, &apos;/&apos; or &apos;-&apos;.</source>
        <translation>Ein Label ist name=wert; ein Name besteht aus Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos;, &apos;/&apos; oder &apos;-&apos;.</translation>
    </message>
</context>
<context>
    <name>BlaxelLineStream</name>
    <message>
        <source>The sandbox sent nothing for %1 s, not even a keepalive.</source>
        <translation>Die Sandbox hat %1 s lang nichts gesendet, nicht einmal ein Keepalive.</translation>
    </message>
    <message>
        <source>The sandbox&apos;s client is gone.</source>
        <translation>Der Client der Sandbox ist nicht mehr da.</translation>
    </message>
    <message>
        <source>The sandbox ended the stream of %1.</source>
        <translation>Die Sandbox hat den Datenstrom von %1 beendet.</translation>
    </message>
</context>
<context>
    <name>BlaxelMultipartUpload</name>
    <message>
        <source>the upload id of %1</source>
        <translation>die Upload-ID von %1</translation>
    </message>
    <message>
        <source>%1 changed while it was being sent: it is shorter than when the upload began.</source>
        <translation>%1 hat sich während des Sendens geändert: die Datei ist kürzer als zu Beginn des Uploads.</translation>
    </message>
    <message>
        <source>The sandbox did not confirm part %1 of %2 as it was sent (its size or checksum differs).</source>
        <translation>Die Sandbox hat Teil %1 von %2 nicht so bestätigt, wie er gesendet wurde (Größe oder Prüfsumme weichen ab).</translation>
    </message>
</context>
<context>
    <name>BlaxelPreviewListModel</name>
    <message>
        <source>Not opened: %1 is neither https nor on this machine.</source>
        <translation>Nicht geöffnet: %1 ist weder https noch auf diesem Rechner.</translation>
    </message>
    <message>
        <source>public</source>
        <translation>öffentlich</translation>
    </message>
    <message>
        <source>private</source>
        <translation>privat</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 after creation</source>
        <translation>%1 nach dem Anlegen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>Zugriff</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Läuft ab</translation>
    </message>
</context>
<context>
    <name>BlaxelPreviewService</name>
    <message>
        <source>A preview&apos;s name is 1 to 63 lower-case letters, digits or &apos;-&apos;, not starting or ending with &apos;-&apos;.</source>
        <translation>Der Name einer Vorschau besteht aus 1 bis 63 Kleinbuchstaben, Ziffern oder &apos;-&apos; und beginnt und endet nicht mit &apos;-&apos;.</translation>
    </message>
    <message>
        <source>the sandbox&apos;s previews</source>
        <translation>die Vorschauen der Sandbox</translation>
    </message>
    <message>
        <source>the preview</source>
        <translation>die Vorschau</translation>
    </message>
    <message>
        <source>The answer to the new token held no token this app can use.</source>
        <translation>Die Antwort auf das neue Token enthielt kein Token, das diese Anwendung verwenden kann.</translation>
    </message>
    <message>
        <source>A port is a number from 1 to 65535.</source>
        <translation>Ein Port ist eine Zahl von 1 bis 65535.</translation>
    </message>
    <message>
        <source>A token expires in the future.</source>
        <translation>Ein Token läuft in der Zukunft ab.</translation>
    </message>
</context>
<context>
    <name>BlaxelProcessListModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>Ports</translation>
    </message>
</context>
<context>
    <name>BlaxelProcessRun</name>
    <message>
        <source>the command</source>
        <translation>der Befehl</translation>
    </message>
    <message>
        <source>the sandbox&apos;s answer to a command</source>
        <translation>die Antwort der Sandbox auf einen Befehl</translation>
    </message>
</context>
<context>
    <name>BlaxelProfileImporter</name>
    <message>
        <source>Blaxel %1</source>
        <translation>Blaxel %1</translation>
    </message>
    <message>
        <source>Workspace “%1”: %2</source>
        <translation>Workspace „%1“: %2</translation>
    </message>
    <message>
        <source>“%1” was not created: %2</source>
        <translation>„%1“ wurde nicht erstellt: %2</translation>
    </message>
    <message>
        <source>Created: %1.</source>
        <translation>Erstellt: %1.</translation>
    </message>
    <message>
        <source>Already a profile, skipped: %1.</source>
        <translation>Bereits ein Profil, übersprungen: %1.</translation>
    </message>
    <message>
        <source>A login token was imported where the workspace has no API key: it expires, and the profile then needs an API key.</source>
        <translation>Für einen Workspace ohne API-Schlüssel wurde ein Login-Token importiert: Es läuft ab, und das Profil braucht dann einen API-Schlüssel.</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>Es wurde nichts importiert.</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxCall</name>
    <message>
        <source>The sandbox is not up yet (HTTP %1%2). Asking again in %3 s, for up to %4 s more.</source>
        <translation>Die Sandbox läuft noch nicht (HTTP %1%2). Erneute Anfrage in %3 s, noch bis zu %4 s lang.</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxDetailsPane</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Loading details…</source>
        <translation>Details werden geladen …</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Display name:</source>
        <translation>Anzeigename:</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>Zustand:</translation>
    </message>
    <message>
        <source>Workspace:</source>
        <translation>Workspace:</translation>
    </message>
    <message>
        <source>Region:</source>
        <translation>Region:</translation>
    </message>
    <message>
        <source>Image:</source>
        <translation>Image:</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>Speicher:</translation>
    </message>
    <message>
        <source>Labels:</source>
        <translation>Labels:</translation>
    </message>
    <message>
        <source>Created:</source>
        <translation>Erstellt:</translation>
    </message>
    <message>
        <source>Updated:</source>
        <translation>Aktualisiert:</translation>
    </message>
    <message>
        <source>Last used:</source>
        <translation>Zuletzt verwendet:</translation>
    </message>
    <message>
        <source>TTL:</source>
        <translation>TTL:</translation>
    </message>
    <message>
        <source>Expires:</source>
        <translation>Läuft ab:</translation>
    </message>
    <message>
        <source>Expiration:</source>
        <translation>Ablaufregeln:</translation>
    </message>
    <message>
        <source>Ports:</source>
        <translation>Ports:</translation>
    </message>
    <message>
        <source>Volumes:</source>
        <translation>Volumes:</translation>
    </message>
    <message>
        <source>Endpoints</source>
        <translation>Endpunkte</translation>
    </message>
    <message>
        <source>sandbox URL</source>
        <translation>Sandbox-URL</translation>
    </message>
    <message>
        <source>MCP endpoint</source>
        <translation>MCP-Endpunkt</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>MCP:</source>
        <translation>MCP:</translation>
    </message>
    <message>
        <source>No usable URL: the server sent none, or one that is neither https nor http to this machine.</source>
        <translation>Keine verwendbare URL: Der Server hat keine gesendet, oder eine, die weder https noch http zu diesem Rechner ist.</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>%1 at %2 (read-only)</source>
        <translation>%1 unter %2 (schreibgeschützt)</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 unter %2</translation>
    </message>
    <message>
        <source>A secret: masked until revealed</source>
        <translation>Ein Geheimnis: verborgen, bis es angezeigt wird</translation>
    </message>
    <message>
        <source>%1 (fatal)</source>
        <translation>%1 (schwerwiegend)</translation>
    </message>
    <message>
        <source>Select a sandbox to see its details</source>
        <translation>Eine Sandbox auswählen, um ihre Details zu sehen</translation>
    </message>
    <message>
        <source>Create one with the Create button if the list is empty.</source>
        <translation>Ist die Liste leer, mit der Schaltfläche „Erstellen“ eine erstellen.</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) selected</source>
        <translation>
            <numerusform>%n Sandbox ausgewählt</numerusform>
            <numerusform>%n Sandboxes ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete them together from the toolbar or the context menu.</source>
        <translation>Über die Werkzeugleiste oder das Kontextmenü gemeinsam löschen.</translation>
    </message>
    <message>
        <source>%1 is no longer listed</source>
        <translation>%1 ist nicht mehr aufgeführt</translation>
    </message>
    <message>
        <source>It was deleted since it was selected.</source>
        <translation>Sie wurde gelöscht, seit sie ausgewählt wurde.</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxDialogs</name>
    <message>
        <source>Creating…</source>
        <translation>Wird erstellt …</translation>
    </message>
    <message>
        <source>Created Blaxel sandbox %1.</source>
        <translation>Blaxel-Sandbox %1 erstellt.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert …</translation>
    </message>
    <message>
        <source>Updated Blaxel sandbox %1.</source>
        <translation>Blaxel-Sandbox %1 geändert.</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxFiles</name>
    <message>
        <source>The sandbox %1 has no API URL (it is not running, or Blaxel sent none that may be used).</source>
        <translation>Die Sandbox %1 hat keine API-URL (sie läuft nicht, oder Blaxel hat keine verwendbare gesendet).</translation>
    </message>
    <message>
        <source>The API key or the workspace name contains a control character, so nothing was sent.</source>
        <translation>Der API-Schlüssel oder der Workspace-Name enthält ein Steuerzeichen; daher wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>The path %1 is not one the sandbox may be asked for.</source>
        <translation>Nach dem Pfad %1 darf die Sandbox nicht gefragt werden.</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is a file, or the sandbox&apos;s listing could not be read</source>
        <translation>%1 ist eine Datei, oder die Auflistung der Sandbox konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>Say which file or folder to remove.</source>
        <translation>Geben Sie an, welche Datei oder welcher Ordner entfernt werden soll.</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxListModel</name>
    <message>
        <source>due now</source>
        <translation>jetzt fällig</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Display name</source>
        <translation>Anzeigename</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Last used</source>
        <translation>Zuletzt verwendet</translation>
    </message>
    <message>
        <source>Expires in</source>
        <translation>Läuft ab in</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxName</name>
    <message>
        <source>The sandbox name is empty.</source>
        <translation>Der Sandbox-Name ist leer.</translation>
    </message>
    <message>
        <source>The sandbox name is longer than %1 characters.</source>
        <translation>Der Sandbox-Name ist länger als %1 Zeichen.</translation>
    </message>
    <message>
        <source>A sandbox name may hold only lowercase letters, digits and &apos;-&apos; (as in &quot;my-sandbox-1&quot;).</source>
        <translation>Ein Sandbox-Name darf nur Kleinbuchstaben, Ziffern und „-“ enthalten (wie in „my-sandbox-1“).</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxProcesses</name>
    <message>
        <source>&apos;%1&apos; is not a process name or pid that can be sent.</source>
        <translation>„%1“ ist kein Prozessname und keine PID, die gesendet werden kann.</translation>
    </message>
    <message>
        <source>the process list</source>
        <translation>die Prozessliste</translation>
    </message>
    <message>
        <source>the sandbox&apos;s process list</source>
        <translation>die Prozessliste der Sandbox</translation>
    </message>
    <message>
        <source>the process %1</source>
        <translation>der Prozess %1</translation>
    </message>
    <message>
        <source>the sandbox&apos;s answer</source>
        <translation>die Antwort der Sandbox</translation>
    </message>
    <message>
        <source>Say which command to start.</source>
        <translation>Angeben, welcher Befehl gestartet werden soll.</translation>
    </message>
    <message>
        <source>the new process</source>
        <translation>den neuen Prozess</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a pid.</source>
        <translation>„%1“ ist keine PID.</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxReply</name>
    <message>
        <source>The sandbox&apos;s API refused the Blaxel key (HTTP %1).</source>
        <translation>Die API der Sandbox hat den Blaxel-Schlüssel abgelehnt (HTTP %1).</translation>
    </message>
    <message>
        <source>Not found in the sandbox: %1 (or the sandbox is gone).</source>
        <translation>In der Sandbox nicht gefunden: %1 (oder die Sandbox gibt es nicht mehr).</translation>
    </message>
    <message>
        <source>The sandbox refused %1 as too large.</source>
        <translation>Die Sandbox hat %1 als zu groß abgelehnt.</translation>
    </message>
    <message>
        <source>The sandbox is not ready to answer (HTTP 503): it may be starting or stopping. Try again shortly.</source>
        <translation>Die Sandbox kann noch nicht antworten (HTTP 503): Sie startet oder stoppt vielleicht gerade. Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>The sandbox&apos;s API failed (HTTP %1).</source>
        <translation>Die API der Sandbox ist fehlgeschlagen (HTTP %1).</translation>
    </message>
    <message>
        <source>The sandbox&apos;s API refused the request for %1 (HTTP %2).</source>
        <translation>Die API der Sandbox hat die Anfrage für %1 abgelehnt (HTTP %2).</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxSearch</name>
    <message>
        <source>the sandbox&apos;s answer to a search</source>
        <translation>die Antwort der Sandbox auf eine Suche</translation>
    </message>
    <message>
        <source>There is no text to search for.</source>
        <translation>Es gibt keinen Text, nach dem gesucht werden kann.</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxService</name>
    <message>
        <source>The list stops at %1 sandboxes.</source>
        <translation>Die Liste endet bei %1 Sandboxes.</translation>
    </message>
    <message>
        <source>Blaxel said more sandboxes follow but sent no cursor to them: the list shows those read so far.</source>
        <translation>Laut Blaxel folgen weitere Sandboxes, es wurde aber kein Cursor dafür gesendet: Die Liste zeigt die bisher gelesenen.</translation>
    </message>
    <message>
        <source>Blaxel sent the same page cursor twice: the list stops at the sandboxes read so far.</source>
        <translation>Blaxel hat denselben Seiten-Cursor zweimal gesendet: Die Liste endet bei den bisher gelesenen Sandboxes.</translation>
    </message>
    <message>
        <source>The list stops after %1 pages.</source>
        <translation>Die Liste endet nach %1 Seiten.</translation>
    </message>
    <message>
        <source>without a status</source>
        <translation>ohne Status</translation>
    </message>
    <message>
        <source>The sandbox %1 was still %2 after %3 s of waiting. Its deletion may yet finish: refresh the list later.</source>
        <translation>Die Sandbox %1 war nach %3 s Wartezeit immer noch %2. Das Löschen kann noch abgeschlossen werden: Die Liste später aktualisieren.</translation>
    </message>
    <message>
        <source>No Blaxel workspace is chosen, and every request must name one. Choose it in the profile (or with --workspace).</source>
        <translation>Es ist kein Blaxel-Workspace gewählt, aber jede Anfrage muss einen nennen. Den Workspace im Profil wählen (oder mit --workspace).</translation>
    </message>
    <message>
        <source>The workspace name holds spaces, control characters or letters outside ASCII, or is longer than 128 characters, so it cannot be sent. Check it in the profile.</source>
        <translation>Der Workspace-Name enthält Leerzeichen, Steuerzeichen oder Buchstaben außerhalb von ASCII oder ist länger als 128 Zeichen und kann daher nicht gesendet werden. Den Namen im Profil prüfen.</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxTabs</name>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Prozesse</translation>
    </message>
    <message>
        <source>Previews</source>
        <translation>Vorschauen</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxUpdate</name>
    <message>
        <source>Nothing to change.</source>
        <translation>Nichts zu ändern.</translation>
    </message>
    <message>
        <source>The display name must be one line without control characters.</source>
        <translation>Der Anzeigename muss eine Zeile ohne Steuerzeichen sein.</translation>
    </message>
    <message>
        <source>The TTL must be a duration like 24h, 30m or 1h30m (units w, d, h, m, s), or empty for none.</source>
        <translation>Die TTL muss eine Dauer wie 24h, 30m oder 1h30m sein (Einheiten w, d, h, m, s), oder leer für keine.</translation>
    </message>
    <message>
        <source>Each label needs a key, and neither key nor value may hold control characters.</source>
        <translation>Jedes Label braucht einen Schlüssel, und weder Schlüssel noch Wert dürfen Steuerzeichen enthalten.</translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxesController</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation>%1 gelöscht.</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n sandbox(es).</source>
        <translation>
            <numerusform>%n Sandbox gelöscht.</numerusform>
            <numerusform>%n Sandboxes gelöscht.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %1 of %2 sandboxes; %n failed.</source>
        <translation>
            <numerusform>%1 von %2 Sandboxes gelöscht; %n fehlgeschlagen.</numerusform>
            <numerusform>%1 von %2 Sandboxes gelöscht; %n fehlgeschlagen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BlaxelSandboxesPage</name>
    <message>
        <source>Show &amp;terminated</source>
        <translation>Beendete an&amp;zeigen</translation>
    </message>
    <message>
        <source>Also list deleted sandboxes, which Blaxel keeps a while as TERMINATED</source>
        <translation>Auch gelöschte Sandboxes auflisten, die Blaxel noch eine Weile als TERMINATED aufbewahrt</translation>
    </message>
    <message>
        <source>Search names, display names and labels</source>
        <translation>Namen, Anzeigenamen und Labels durchsuchen</translation>
    </message>
    <message>
        <source>Could not refresh the Blaxel sandbox list</source>
        <translation>Die Liste der Blaxel-Sandboxes konnte nicht aktualisiert werden</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard.</source>
        <translation>%1 in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>No Blaxel sandboxes. Create one with Ctrl+N.</source>
        <translation>Keine Blaxel-Sandboxes. Mit Strg+N eine erstellen.</translation>
    </message>
    <message>
        <source>Filters cleared to show the new sandbox %1.</source>
        <translation>Filter aufgehoben, um die neue Sandbox %1 anzuzeigen.</translation>
    </message>
    <message numerus="yes">
        <source>Deleting %n sandbox(es)…</source>
        <translation>
            <numerusform>%n Sandbox wird gelöscht …</numerusform>
            <numerusform>%n Sandboxes werden gelöscht …</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied %n sandbox name(s).</source>
        <translation>
            <numerusform>%n Sandbox-Name kopiert.</numerusform>
            <numerusform>%n Sandbox-Namen kopiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select one Blaxel sandbox to upload a workspace into.</source>
        <translation>Wählen Sie eine Blaxel-Sandbox aus, in die ein Workspace hochgeladen werden soll.</translation>
    </message>
    <message>
        <source>Select one Blaxel sandbox to save its dump.</source>
        <translation>Wählen Sie eine Blaxel-Sandbox aus, um ihren Dump zu speichern.</translation>
    </message>
    <message>
        <source>Select one Blaxel sandbox to extract its dump.</source>
        <translation>Wählen Sie eine Blaxel-Sandbox aus, um ihren Dump zu entpacken.</translation>
    </message>
    <message>
        <source>&amp;Delete %1</source>
        <translation>%1 &amp;löschen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>&amp;Copy %1 Names</source>
        <translation>%1 &amp;Namen kopieren</translation>
    </message>
    <message>
        <source>&amp;Copy Name</source>
        <translation>&amp;Namen kopieren</translation>
    </message>
    <message>
        <source>Add a Blaxel profile in Settings</source>
        <translation>Ein Blaxel-Profil in den Einstellungen hinzufügen</translation>
    </message>
    <message>
        <source>Blaxel sandboxes are listed here once a Blaxel workspace and its API key are set up. Settings can also import them from the Blaxel CLI.</source>
        <translation>Blaxel-Sandboxes werden hier aufgeführt, sobald ein Blaxel-Workspace und sein API-Schlüssel eingerichtet sind. Die Einstellungen können beides auch aus der Blaxel-CLI importieren.</translation>
    </message>
    <message>
        <source>Select one sandbox: its labels and TTL are edited on their own.</source>
        <translation>Wählen Sie eine Sandbox: Labels und TTL werden je Sandbox bearbeitet.</translation>
    </message>
    <message>
        <source>Select a sandbox that is neither being deleted nor terminated.</source>
        <translation>Wählen Sie eine Sandbox, die weder gelöscht wird noch beendet ist.</translation>
    </message>
</context>
<context>
    <name>BlaxelUploadJob</name>
    <message>
        <source>The sandbox&apos;s connection is gone.</source>
        <translation>Die Verbindung der Sandbox besteht nicht mehr.</translation>
    </message>
    <message>
        <source>The upload failed. %1</source>
        <translation>Der Upload ist fehlgeschlagen. %1</translation>
    </message>
    <message>
        <source>The archive was uploaded but the sandbox could not unpack it. %1</source>
        <translation>Das Archiv wurde hochgeladen, aber die Sandbox konnte es nicht entpacken. %1</translation>
    </message>
    <message>
        <source>tar in the sandbox could not unpack the archive (exit code %1): %2</source>
        <translation>tar in der Sandbox konnte das Archiv nicht entpacken (Exit-Code %1): %2</translation>
    </message>
    <message>
        <source>%1 is not a folder inside the sandbox.</source>
        <translation>%1 ist kein Ordner in der Sandbox.</translation>
    </message>
    <message>
        <source>The sandbox could not make the folder %1. %2</source>
        <translation>Die Sandbox konnte den Ordner %1 nicht anlegen. %2</translation>
    </message>
</context>
<context>
    <name>BlaxelWorkspaceHooks</name>
    <message>
        <source>Blaxel sandbox %1 is not listed any more; refresh the list and try again.</source>
        <translation>Die Blaxel-Sandbox %1 ist nicht mehr aufgeführt; aktualisieren Sie die Liste und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Blaxel sandbox %1 is %2: only a DEPLOYED sandbox has a working directory to transfer with.</source>
        <translation>Die Blaxel-Sandbox %1 ist %2: Nur eine Sandbox im Zustand DEPLOYED hat ein Arbeitsverzeichnis für Übertragungen.</translation>
    </message>
    <message>
        <source>in no stated status</source>
        <translation>ohne angegebenen Status</translation>
    </message>
    <message>
        <source>Blaxel sandbox %1 states no URL this app may call (https, or http on this machine), so its files cannot be reached.</source>
        <translation>Die Blaxel-Sandbox %1 nennt keine URL, die diese App aufrufen darf (https oder http auf diesem Rechner); ihre Dateien sind daher nicht erreichbar.</translation>
    </message>
    <message>
        <source>The Blaxel connection is gone.</source>
        <translation>Die Blaxel-Verbindung besteht nicht mehr.</translation>
    </message>
</context>
<context>
    <name>BulkAction</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Released %1.</source>
        <translation>%1 freigegeben.</translation>
    </message>
    <message>
        <source>Reset %1.</source>
        <translation>%1 zurückgesetzt.</translation>
    </message>
    <message numerus="yes">
        <source>Released %n sandbox(es).</source>
        <translation>
            <numerusform>%n Sandbox freigegeben.</numerusform>
            <numerusform>%n Sandboxes freigegeben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reset %n sandbox(es).</source>
        <translation>
            <numerusform>%n Sandbox zurückgesetzt.</numerusform>
            <numerusform>%n Sandboxes zurückgesetzt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Released %1 of %2 sandboxes; %n failed.</source>
        <translation>
            <numerusform>%1 von %2 Sandboxes freigegeben; %n fehlgeschlagen.</numerusform>
            <numerusform>%1 von %2 Sandboxes freigegeben; %n fehlgeschlagen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reset %1 of %2 sandboxes; %n failed.</source>
        <translation>
            <numerusform>%1 von %2 Sandboxes zurückgesetzt; %n fehlgeschlagen.</numerusform>
            <numerusform>%1 von %2 Sandboxes zurückgesetzt; %n fehlgeschlagen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConfirmationBox</name>
    <message numerus="yes">
        <source>%n idle or failed sandbox(es) in the selection are left as they are.</source>
        <translation>
            <numerusform>%n freie oder fehlgeschlagene Sandbox in der Auswahl bleibt unverändert.</numerusform>
            <numerusform>%n freie oder fehlgeschlagene Sandboxes in der Auswahl bleiben unverändert.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConnectHint</name>
    <message>
        <source>Open &amp;Settings…</source>
        <translation>&amp;Einstellungen öffnen …</translation>
    </message>
    <message>
        <source>Open the &amp;Demo</source>
        <translation>&amp;Demo öffnen</translation>
    </message>
    <message>
        <source>Look around in the built-in demo: an emulator of the providers on this computer, with sandboxes to try everything on</source>
        <translation>Sich in der eingebauten Demo umsehen: ein Emulator der Anbieter auf diesem Rechner, mit Sandboxes zum Ausprobieren</translation>
    </message>
</context>
<context>
    <name>ConsoleSearchBar</name>
    <message>
        <source>Find in the log</source>
        <translation>Im Protokoll suchen</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Vorheriger</translation>
    </message>
    <message>
        <source>Find the previous match (Shift+Enter)</source>
        <translation>Den vorherigen Treffer suchen (Umschalt+Eingabe)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Nächster</translation>
    </message>
    <message>
        <source>Find the next match (Enter)</source>
        <translation>Den nächsten Treffer suchen (Eingabe)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close the search (Esc)</source>
        <translation>Die Suche schließen (Esc)</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Nicht gefunden</translation>
    </message>
</context>
<context>
    <name>CopyableField</name>
    <message>
        <source>Copy %1</source>
        <translation>%1 kopieren</translation>
    </message>
</context>
<context>
    <name>CredentialStore</name>
    <message>
        <source>No profile is selected.</source>
        <translation>Kein Profil ausgewählt.</translation>
    </message>
    <message>
        <source>The API key is empty. Paste the key first.</source>
        <translation>Der API-Schlüssel ist leer. Zuerst den Schlüssel einfügen.</translation>
    </message>
    <message>
        <source>The key stored in the keychain cannot be used. %1</source>
        <translation>Der im Schlüsselbund gespeicherte Schlüssel ist nicht verwendbar. %1</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
    <message>
        <source>Could not read the API key from the keychain: the entry was not found.</source>
        <translation>Der API-Schlüssel konnte nicht aus dem Schlüsselbund gelesen werden: Der Eintrag wurde nicht gefunden.</translation>
    </message>
    <message>
        <source>Could not save the API key in the keychain: the entry was not found.</source>
        <translation>Der API-Schlüssel konnte nicht im Schlüsselbund gespeichert werden: Der Eintrag wurde nicht gefunden.</translation>
    </message>
    <message>
        <source>Could not remove the API key from the keychain: the entry was not found.</source>
        <translation>Der API-Schlüssel konnte nicht aus dem Schlüsselbund entfernt werden: Der Eintrag wurde nicht gefunden.</translation>
    </message>
    <message>
        <source>No keychain is available (is a Secret Service such as GNOME Keyring running and unlocked?). Set %1 instead, or start one.</source>
        <translation>Kein Schlüsselbund verfügbar (läuft ein Secret Service wie GNOME Keyring und ist er entsperrt?). Stattdessen %1 setzen oder einen Schlüsselbund starten.</translation>
    </message>
    <message>
        <source>The keychain did not answer within %1 seconds. Check that it is running and unlocked, or set %2 instead.</source>
        <translation>Der Schlüsselbund hat nicht innerhalb von %1 Sekunden geantwortet. Prüfen, ob er läuft und entsperrt ist, oder stattdessen %2 setzen.</translation>
    </message>
    <message>
        <source>Access to the keychain was refused. Allow SandboxDeck to use it when asked, or set %1 instead.</source>
        <translation>Der Zugriff auf den Schlüsselbund wurde verweigert. SandboxDeck bei der Nachfrage den Zugriff erlauben oder stattdessen %1 setzen.</translation>
    </message>
    <message>
        <source>This system has no supported keychain. Set %1 instead.</source>
        <translation>Dieses System hat keinen unterstützten Schlüsselbund. Stattdessen %1 setzen.</translation>
    </message>
    <message>
        <source>Could not read the API key from the keychain (%1). Check that the keychain is unlocked, or set %2 instead.</source>
        <translation>Der API-Schlüssel konnte nicht aus dem Schlüsselbund gelesen werden (%1). Prüfen, ob der Schlüsselbund entsperrt ist, oder stattdessen %2 setzen.</translation>
    </message>
    <message>
        <source>Could not save the API key in the keychain (%1). Check that the keychain is unlocked, or set %2 instead.</source>
        <translation>Der API-Schlüssel konnte nicht im Schlüsselbund gespeichert werden (%1). Prüfen, ob der Schlüsselbund entsperrt ist, oder stattdessen %2 setzen.</translation>
    </message>
    <message>
        <source>Could not remove the API key from the keychain (%1). Check that the keychain is unlocked, or set %2 instead.</source>
        <translation>Der API-Schlüssel konnte nicht aus dem Schlüsselbund entfernt werden (%1). Prüfen, ob der Schlüsselbund entsperrt ist, oder stattdessen %2 setzen.</translation>
    </message>
</context>
<context>
    <name>DeleteWording</name>
    <message>
        <source>Delete %1 for good?</source>
        <translation>%1 endgültig löschen?</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Blaxel sandboxes for good?</source>
        <translation>
            <numerusform>%n Blaxel-Sandbox endgültig löschen?</numerusform>
            <numerusform>%n Blaxel-Sandboxes endgültig löschen?</numerusform>
        </translation>
    </message>
    <message>
        <source>Its files, processes and URL are destroyed for good; nothing can bring them back.</source>
        <translation>Ihre Dateien, Prozesse und URL werden endgültig vernichtet; nichts kann sie wiederherstellen.</translation>
    </message>
    <message>
        <source>Their files, processes and URLs are destroyed for good; nothing can bring them back.</source>
        <translation>Ihre Dateien, Prozesse und URLs werden endgültig vernichtet; nichts kann sie wiederherstellen.</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weiteres</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected sandbox(es) already deleting or terminated are left as they are.</source>
        <translation>
            <numerusform>%n ausgewählte Sandbox, die schon gelöscht wird oder beendet ist, bleibt unverändert.</numerusform>
            <numerusform>%n ausgewählte Sandboxes, die schon gelöscht werden oder beendet sind, bleiben unverändert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
</context>
<context>
    <name>DiskSpace</name>
    <message>
        <source>No space left on device: the disk holding %1 is full</source>
        <translation>Kein Speicherplatz mehr: Der Datenträger mit %1 ist voll</translation>
    </message>
</context>
<context>
    <name>DumpJob</name>
    <message>
        <source>Could not create a temporary folder in %1 for the download.</source>
        <translation>In %1 konnte kein temporärer Ordner für den Download angelegt werden.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Could not get the dump URL: %1</source>
        <translation>Die Dump-URL konnte nicht abgerufen werden: %1</translation>
    </message>
    <message>
        <source>The download was refused: %1</source>
        <translation>Der Download wurde verweigert: %1</translation>
    </message>
    <message>
        <source>Could not write the dump to disk (%1). Free some space and retry.</source>
        <translation>Der Dump konnte nicht auf den Datenträger geschrieben werden (%1). Speicherplatz freigeben und erneut versuchen.</translation>
    </message>
    <message>
        <source>The download failed: the storage kept answering with the wrong part of the file. Retry the download.</source>
        <translation>Der Download ist fehlgeschlagen: Der Objektspeicher hat wiederholt mit dem falschen Teil der Datei geantwortet. Den Download wiederholen.</translation>
    </message>
    <message>
        <source>The download failed: the storage refused a fresh dump URL too. %1 Retry the download.</source>
        <translation>Der Download ist fehlgeschlagen: Der Objektspeicher hat auch eine neue Dump-URL abgelehnt. %1 Den Download wiederholen.</translation>
    </message>
    <message>
        <source>The download failed: the connection dropped %1 times in a row (%2). Check the network connection and retry.</source>
        <translation>Der Download ist fehlgeschlagen: Die Verbindung ist %1-mal in Folge abgebrochen (%2). Die Netzwerkverbindung prüfen und erneut versuchen.</translation>
    </message>
    <message>
        <source>The download failed after %1 attempts. %2 Retry later.</source>
        <translation>Der Download ist nach %1 Versuchen fehlgeschlagen. %2 Später erneut versuchen.</translation>
    </message>
    <message>
        <source>The download failed. %1</source>
        <translation>Der Download ist fehlgeschlagen. %1</translation>
    </message>
    <message>
        <source>The download ended before the archive did, so it was not saved. Retry the download.</source>
        <translation>Der Download endete vor dem Ende des Archivs und wurde daher nicht gespeichert. Den Download wiederholen.</translation>
    </message>
    <message>
        <source>Could not save the dump (%1).</source>
        <translation>Der Dump konnte nicht gespeichert werden (%1).</translation>
    </message>
    <message>
        <source>The download is not a valid .tar.gz archive (its gzip data is damaged), so it was not saved.</source>
        <translation>Der Download ist kein gültiges .tar.gz-Archiv (seine gzip-Daten sind beschädigt) und wurde daher nicht gespeichert.</translation>
    </message>
</context>
<context>
    <name>DurationText</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
</context>
<context>
    <name>EmptyStateHint</name>
    <message>
        <source>No sandbox matches the filters.</source>
        <translation>Keine Sandbox entspricht den Filtern.</translation>
    </message>
</context>
<context>
    <name>ErrorBanner</name>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>Meldung schließen</translation>
    </message>
    <message>
        <source>Enter it in Settings.</source>
        <translation>Tragen Sie ihn in den Einstellungen ein.</translation>
    </message>
</context>
<context>
    <name>ExecutionConsole</name>
    <message>
        <source>Follow</source>
        <translation>Folgen</translation>
    </message>
    <message>
        <source>Keep the newest line in view</source>
        <translation>Die neueste Zeile im Blick behalten</translation>
    </message>
    <message>
        <source>Wrap</source>
        <translation>Umbrechen</translation>
    </message>
    <message>
        <source>Wrap long lines</source>
        <translation>Lange Zeilen umbrechen</translation>
    </message>
    <message>
        <source>Find…</source>
        <translation>Suchen …</translation>
    </message>
    <message>
        <source>Search the log (Ctrl+F)</source>
        <translation>Im Protokoll suchen (Strg+F)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the selected text, or the whole log</source>
        <translation>Den markierten Text oder das ganze Protokoll kopieren</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern …</translation>
    </message>
    <message>
        <source>Save the whole log to a file</source>
        <translation>Das ganze Protokoll in eine Datei speichern</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s), %1</source>
        <translation>
            <numerusform>%n Zeile, %1</numerusform>
            <numerusform>%n Zeilen, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Save keeps only the first %1</source>
        <translation>Speichern behält nur die ersten %1</translation>
    </message>
    <message>
        <source>the selected log text</source>
        <translation>den markierten Protokolltext</translation>
    </message>
    <message>
        <source>the whole log</source>
        <translation>das ganze Protokoll</translation>
    </message>
    <message>
        <source>Save Log</source>
        <translation>Protokoll speichern</translation>
    </message>
    <message>
        <source>Log files (*.log *.txt);;All files (*)</source>
        <translation>Protokolldateien (*.log *.txt);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>ExecutionDecoder</name>
    <message>
        <source>the reply has no `status` word</source>
        <translation>die Antwort hat kein `status`-Wort</translation>
    </message>
    <message>
        <source>the reply&apos;s `status` is not pending, running, completed or failed</source>
        <translation>`status` der Antwort ist weder pending, running, completed noch failed</translation>
    </message>
    <message>
        <source>the reply&apos;s `logs` is not a string</source>
        <translation>`logs` der Antwort ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>the reply&apos;s `cursor` is not a whole number of bytes</source>
        <translation>`cursor` der Antwort ist keine ganze Zahl von Bytes</translation>
    </message>
    <message>
        <source>the reply&apos;s cursor %1 goes back before the cursor asked for (%2)</source>
        <translation>der Cursor %1 der Antwort liegt vor dem angefragten Cursor (%2)</translation>
    </message>
    <message>
        <source>the reply&apos;s cursor moved %1 bytes but came with %2 bytes of log</source>
        <translation>der Cursor der Antwort rückte um %1 Bytes vor, kam aber mit %2 Bytes Log</translation>
    </message>
</context>
<context>
    <name>ExecutionJob</name>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 ist kein Ordner.</translation>
    </message>
    <message>
        <source>%1 has no main.py: an execution runs the main.py at the top of its folder.</source>
        <translation>%1 enthält keine main.py: Eine Ausführung startet die main.py oben in ihrem Ordner.</translation>
    </message>
    <message>
        <source>Cancelled during the upload: nothing was started.</source>
        <translation>Während des Hochladens abgebrochen: Nichts wurde gestartet.</translation>
    </message>
    <message>
        <source>Cancelled after the upload: nothing was started.</source>
        <translation>Nach dem Hochladen abgebrochen: Nichts wurde gestartet.</translation>
    </message>
    <message>
        <source>The execution could not be started: %1</source>
        <translation>Die Ausführung konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>Following the log failed (the execution may still be running): %1</source>
        <translation>Das Verfolgen des Logs ist fehlgeschlagen (die Ausführung läuft womöglich noch): %1</translation>
    </message>
    <message>
        <source>The execution ended (%1); the artifacts download was cancelled.</source>
        <translation>Die Ausführung ist beendet (%1); das Herunterladen der Artefakte wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The execution ended (%1), but its artifacts could not be downloaded: %2</source>
        <translation>Die Ausführung ist beendet (%1), aber ihre Artefakte konnten nicht heruntergeladen werden: %2</translation>
    </message>
</context>
<context>
    <name>ExecutionsTab</name>
    <message>
        <source>Choose Folder…</source>
        <translation>Ordner wählen …</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Stop Following</source>
        <translation>Nicht mehr folgen</translation>
    </message>
    <message>
        <source>Export Artifacts…</source>
        <translation>Artefakte exportieren …</translation>
    </message>
    <message>
        <source>Drop a folder with main.py here, or</source>
        <translation>Einen Ordner mit main.py hier ablegen, oder</translation>
    </message>
    <message>
        <source>No folder chosen.</source>
        <translation>Kein Ordner gewählt.</translation>
    </message>
    <message>
        <source>The name the sandbox knows the execution by: 1 to 64 letters, digits, &apos;_&apos;, &apos;.&apos; or &apos;-&apos;</source>
        <translation>Der Name, unter dem die Sandbox die Ausführung kennt: 1 bis 64 Buchstaben, Ziffern, &apos;_&apos;, &apos;.&apos; oder &apos;-&apos;</translation>
    </message>
    <message>
        <source>Pack the folder, upload it and run its main.py in this sandbox</source>
        <translation>Den Ordner packen, hochladen und seine main.py in dieser Sandbox ausführen</translation>
    </message>
    <message>
        <source>Stop reading the log: the execution keeps running in the sandbox</source>
        <translation>Das Protokoll nicht mehr lesen: die Ausführung läuft in der Sandbox weiter</translation>
    </message>
    <message>
        <source>Download the execution&apos;s folder and extract it into a new or empty folder</source>
        <translation>Den Ordner der Ausführung herunterladen und in einen neuen oder leeren Ordner entpacken</translation>
    </message>
    <message>
        <source>Execution</source>
        <translation>Ausführung</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>This sandbox&apos;s executions, as the ledger recorded them; choose one to read its log again</source>
        <translation>Die Ausführungen dieser Sandbox, wie das Laufbuch sie festhielt; eine wählen, um ihr Protokoll erneut zu lesen</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Only a folder from this computer can be run.</source>
        <translation>Nur ein Ordner dieses Computers kann ausgeführt werden.</translation>
    </message>
    <message>
        <source>Select one local sandbox first (or wait for the execution being followed).</source>
        <translation>Zuerst eine lokale Sandbox auswählen (oder auf die verfolgte Ausführung warten).</translation>
    </message>
    <message>
        <source>Drop one folder: its main.py is what runs.</source>
        <translation>Einen Ordner ablegen: seine main.py wird ausgeführt.</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard.</source>
        <translation>%1 in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Saved the log to %1.</source>
        <translation>Protokoll in %1 gespeichert.</translation>
    </message>
    <message>
        <source>The log could not be saved to %1: %2</source>
        <translation>Das Protokoll konnte nicht in %1 gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Choose the folder to run</source>
        <translation>Den auszuführenden Ordner wählen</translation>
    </message>
    <message>
        <source>%1 is not a folder: drop or choose the folder that holds main.py.</source>
        <translation>%1 ist kein Ordner: den Ordner mit main.py ablegen oder wählen.</translation>
    </message>
    <message>
        <source>%1 has no main.py: an execution runs the main.py at the top of its folder.</source>
        <translation>%1 hat keine main.py: eine Ausführung startet die main.py oben in ihrem Ordner.</translation>
    </message>
    <message>
        <source>An execution name is 1 to 64 letters, digits, &apos;_&apos;, &apos;.&apos; or &apos;-&apos;.</source>
        <translation>Ein Ausführungsname besteht aus 1 bis 64 Buchstaben, Ziffern, &apos;_&apos;, &apos;.&apos; oder &apos;-&apos;.</translation>
    </message>
    <message>
        <source>Drop or choose a folder with main.py first.</source>
        <translation>Zuerst einen Ordner mit main.py ablegen oder wählen.</translation>
    </message>
    <message>
        <source>packing</source>
        <translation>wird gepackt</translation>
    </message>
    <message>
        <source>uploading</source>
        <translation>wird hochgeladen</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>wird gestartet</translation>
    </message>
    <message>
        <source>running (not followed)</source>
        <translation>läuft (nicht verfolgt)</translation>
    </message>
    <message>
        <source>Stopped following: %1 keeps running in the sandbox. Choose it in the list to read its log again.</source>
        <translation>Nicht mehr verfolgt: %1 läuft in der Sandbox weiter. In der Liste wählen, um das Protokoll erneut zu lesen.</translation>
    </message>
    <message>
        <source>The ledger could not be read: %1</source>
        <translation>Das Laufbuch konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>reading the log</source>
        <translation>Protokoll wird gelesen</translation>
    </message>
    <message>
        <source>The log could not be read: %1</source>
        <translation>Das Protokoll konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Stopped following: %1 keeps running in the sandbox.</source>
        <translation>Nicht mehr verfolgt: %1 läuft in der Sandbox weiter.</translation>
    </message>
    <message>
        <source>Extract the artifacts into a new or empty folder</source>
        <translation>Die Artefakte in einen neuen oder leeren Ordner entpacken</translation>
    </message>
    <message>
        <source>%1 is not empty: the artifacts go into a new or empty folder, so that nothing there is overwritten.</source>
        <translation>%1 ist nicht leer: die Artefakte kommen in einen neuen oder leeren Ordner, damit dort nichts überschrieben wird.</translation>
    </message>
    <message>
        <source>Downloading the artifacts of %1…</source>
        <translation>Artefakte von %1 werden heruntergeladen …</translation>
    </message>
    <message>
        <source>Extracted the artifacts of %1 into %2.</source>
        <translation>Artefakte von %1 nach %2 entpackt.</translation>
    </message>
    <message>
        <source>The artifacts of %1 could not be exported: %2</source>
        <translation>Die Artefakte von %1 konnten nicht exportiert werden: %2</translation>
    </message>
</context>
<context>
    <name>ExpiryNotifier</name>
    <message>
        <source>%1 %2 (%3): released in %4</source>
        <translation>%1 %2 (%3): freigegeben in %4</translation>
    </message>
    <message>
        <source>Klavis cannot extend a TTL: save what these hold now.</source>
        <translation>Klavis kann eine TTL nicht verlängern: Sichern Sie jetzt, was diese enthalten.</translation>
    </message>
    <message>
        <source>%1. Klavis releases it at the end of its TTL and cannot extend it: save what it holds now.</source>
        <translation>%1. Klavis gibt sie am Ende ihrer TTL frei und kann sie nicht verlängern: Sichern Sie jetzt, was sie enthält.</translation>
    </message>
    <message numerus="yes">
        <source>TTL ending within minutes for %n sandbox(es); Klavis releases them then and cannot extend a TTL.</source>
        <translation>
            <numerusform>TTL läuft in wenigen Minuten für %n Sandbox ab; Klavis gibt sie dann frei und kann keine TTL verlängern.</numerusform>
            <numerusform>TTL läuft in wenigen Minuten für %n Sandboxes ab; Klavis gibt sie dann frei und kann keine TTL verlängern.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>TTL ending within minutes for %n sandbox(es): see the status bar.</source>
        <translation>
            <numerusform>TTL läuft in wenigen Minuten für %n Sandbox ab: siehe Statusleiste.</numerusform>
            <numerusform>TTL läuft in wenigen Minuten für %n Sandboxes ab: siehe Statusleiste.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sandbox TTL ending</source>
        <translation>TTL einer Sandbox läuft ab</translation>
    </message>
</context>
<context>
    <name>ExtractBudget</name>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Byte</translation>
    </message>
    <message>
        <source>The file %1 in the archive is larger than %2; raise the limit in Settings if you trust it.</source>
        <translation>Die Datei %1 im Archiv ist größer als %2; das Limit in den Einstellungen erhöhen, wenn das Archiv vertrauenswürdig ist.</translation>
    </message>
    <message>
        <source>The archive expands to more than %1; raise the limit in Settings if you trust it.</source>
        <translation>Das Archiv wird entpackt größer als %1; das Limit in den Einstellungen erhöhen, wenn das Archiv vertrauenswürdig ist.</translation>
    </message>
</context>
<context>
    <name>ExtractEntryPath</name>
    <message>
        <source>The archive contains an entry with an empty name; nothing was extracted.</source>
        <translation>Das Archiv enthält einen Eintrag mit leerem Namen; es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive contains a name that is not valid UTF-8 (%1); nothing was extracted.</source>
        <translation>Das Archiv enthält einen Namen, der kein gültiges UTF-8 ist (%1); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive contains a path with a backslash (%1); nothing was extracted.</source>
        <translation>Das Archiv enthält einen Pfad mit einem Backslash (%1); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive contains an absolute path (%1); nothing was extracted.</source>
        <translation>Das Archiv enthält einen absoluten Pfad (%1); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive contains a path with &quot;..&quot; that could point outside the target folder (%1); nothing was extracted.</source>
        <translation>Das Archiv enthält einen Pfad mit „..“, der aus dem Zielordner hinauszeigen könnte (%1); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive contains a name longer than %1 bytes (%2); nothing was extracted.</source>
        <translation>Das Archiv enthält einen Namen, der länger als %1 Byte ist (%2); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive contains a path longer than %1 bytes (%2); nothing was extracted.</source>
        <translation>Das Archiv enthält einen Pfad, der länger als %1 Byte ist (%2); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive nests folders more than %1 levels deep (%2); nothing was extracted.</source>
        <translation>Das Archiv verschachtelt Ordner mehr als %1 Ebenen tief (%2); es wurde nichts entpackt.</translation>
    </message>
</context>
<context>
    <name>ExtractGzipStream</name>
    <message>
        <source>The archive is damaged (%1); nothing was extracted.</source>
        <translation>Das Archiv ist beschädigt (%1); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive ends early (truncated download?); nothing was extracted.</source>
        <translation>Das Archiv endet vorzeitig (abgebrochener Download?); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive is not a gzip-compressed tar file.</source>
        <translation>Das Archiv ist keine gzip-komprimierte tar-Datei.</translation>
    </message>
    <message>
        <source>The archive %1 does not exist.</source>
        <translation>Das Archiv %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The archive %1 is not a regular file.</source>
        <translation>Das Archiv %1 ist keine reguläre Datei.</translation>
    </message>
    <message>
        <source>Cannot open the archive %1: %2</source>
        <translation>Das Archiv %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>The archive is not a gzip-compressed tar file (it is a plain, uncompressed tar).</source>
        <translation>Das Archiv ist keine gzip-komprimierte tar-Datei (es ist ein einfaches, unkomprimiertes tar).</translation>
    </message>
    <message>
        <source>Cannot read the archive %1: %2</source>
        <translation>Das Archiv %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Not enough memory to decompress the archive.</source>
        <translation>Nicht genug Arbeitsspeicher, um das Archiv zu entpacken.</translation>
    </message>
    <message>
        <source>Cannot read the archive: %1</source>
        <translation>Das Archiv kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>gzip member %1 could not be started</source>
        <translation>gzip-Teil %1 konnte nicht begonnen werden</translation>
    </message>
    <message>
        <source>unexpected data after gzip member %1, at byte %2: neither another gzip member nor zero padding</source>
        <translation>unerwartete Daten nach gzip-Teil %1, bei Byte %2: weder ein weiterer gzip-Teil noch Null-Auffüllung</translation>
    </message>
    <message>
        <source>gzip member %1 has an invalid header: %2</source>
        <translation>gzip-Teil %1 hat einen ungültigen Kopf: %2</translation>
    </message>
    <message>
        <source>the CRC-32 checksum of gzip member %1 does not match its data</source>
        <translation>die CRC-32-Prüfsumme von gzip-Teil %1 passt nicht zu seinen Daten</translation>
    </message>
    <message>
        <source>the size recorded at the end of gzip member %1 does not match its data</source>
        <translation>die am Ende von gzip-Teil %1 vermerkte Größe passt nicht zu seinen Daten</translation>
    </message>
    <message>
        <source>gzip member %1: %2</source>
        <translation>gzip-Teil %1: %2</translation>
    </message>
</context>
<context>
    <name>ExtractLinkPolicy</name>
    <message>
        <source>symbolic link with an empty target, not extracted</source>
        <translation>symbolische Verknüpfung mit leerem Ziel, nicht entpackt</translation>
    </message>
    <message>
        <source>symbolic link target is not valid UTF-8 (%1), not extracted</source>
        <translation>Ziel der symbolischen Verknüpfung ist kein gültiges UTF-8 (%1), nicht entpackt</translation>
    </message>
    <message>
        <source>symbolic link target contains a backslash (%1), not extracted</source>
        <translation>Ziel der symbolischen Verknüpfung enthält einen Backslash (%1), nicht entpackt</translation>
    </message>
    <message>
        <source>symbolic link target is longer than %1 bytes, not extracted</source>
        <translation>Ziel der symbolischen Verknüpfung ist länger als %1 Byte, nicht entpackt</translation>
    </message>
    <message>
        <source>symbolic link to an absolute path (%1), not extracted</source>
        <translation>symbolische Verknüpfung auf einen absoluten Pfad (%1), nicht entpackt</translation>
    </message>
    <message>
        <source>symbolic link to %1 goes up through another link, not extracted</source>
        <translation>symbolische Verknüpfung auf %1 führt über eine andere Verknüpfung nach oben, nicht entpackt</translation>
    </message>
    <message>
        <source>symbolic link to %1 points outside the extracted folder, not extracted</source>
        <translation>symbolische Verknüpfung auf %1 zeigt aus dem entpackten Ordner hinaus, nicht entpackt</translation>
    </message>
</context>
<context>
    <name>ExtractSession</name>
    <message>
        <source>The extraction was cancelled; nothing was extracted.</source>
        <translation>Das Entpacken wurde abgebrochen; es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>(%1 more entries skipped)</source>
        <translation>(%1 weitere Einträge übersprungen)</translation>
    </message>
    <message>
        <source>The archive contains a name that is not valid UTF-8 (%1); nothing was extracted.</source>
        <translation>Das Archiv enthält einen Namen, der kein gültiges UTF-8 ist (%1); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive has more than %1 entries; raise the limit in Settings if you trust it.</source>
        <translation>Das Archiv hat mehr als %1 Einträge; das Limit in den Einstellungen erhöhen, wenn das Archiv vertrauenswürdig ist.</translation>
    </message>
    <message>
        <source>The archive makes more than %1 folders; raise the limit in Settings if you trust it.</source>
        <translation>Das Archiv legt mehr als %1 Ordner an; das Limit in den Einstellungen erhöhen, wenn das Archiv vertrauenswürdig ist.</translation>
    </message>
    <message>
        <source>The archive writes %1 through the link %2; nothing was extracted.</source>
        <translation>Das Archiv schreibt %1 über die Verknüpfung %2; es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>character device, not extracted</source>
        <translation>zeichenorientiertes Gerät, nicht entpackt</translation>
    </message>
    <message>
        <source>block device, not extracted</source>
        <translation>blockorientiertes Gerät, nicht entpackt</translation>
    </message>
    <message>
        <source>FIFO (named pipe), not extracted</source>
        <translation>FIFO (benannte Pipe), nicht entpackt</translation>
    </message>
    <message>
        <source>socket, not extracted</source>
        <translation>Socket, nicht entpackt</translation>
    </message>
    <message>
        <source>unsupported entry type, not extracted</source>
        <translation>nicht unterstützter Eintragstyp, nicht entpackt</translation>
    </message>
    <message>
        <source>The archive contains a file named &quot;.&quot;; nothing was extracted.</source>
        <translation>Das Archiv enthält eine Datei namens „.“; es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>hard link in place of the target folder, not extracted</source>
        <translation>harte Verknüpfung anstelle des Zielordners, nicht entpackt</translation>
    </message>
    <message>
        <source>hard link target is not valid UTF-8, not extracted</source>
        <translation>Ziel der harten Verknüpfung ist kein gültiges UTF-8, nicht entpackt</translation>
    </message>
    <message>
        <source>hard link to %1, which is not a path inside the extracted folder, not extracted</source>
        <translation>harte Verknüpfung auf %1, das kein Pfad im entpackten Ordner ist, nicht entpackt</translation>
    </message>
    <message>
        <source>hard link to %1, which the archive does not extract as a file before it, not extracted</source>
        <translation>harte Verknüpfung auf %1, das im Archiv nicht vorher als Datei entpackt wird, nicht entpackt</translation>
    </message>
    <message>
        <source>symbolic link in place of the target folder, not extracted</source>
        <translation>symbolische Verknüpfung anstelle des Zielordners, nicht entpackt</translation>
    </message>
    <message>
        <source>The archive has more than %1 symbolic links; raise the limit in Settings if you trust it.</source>
        <translation>Das Archiv hat mehr als %1 symbolische Verknüpfungen; das Limit in den Einstellungen erhöhen, wenn das Archiv vertrauenswürdig ist.</translation>
    </message>
    <message>
        <source>symbolic link target is not valid UTF-8, not extracted</source>
        <translation>Ziel der symbolischen Verknüpfung ist kein gültiges UTF-8, nicht entpackt</translation>
    </message>
    <message>
        <source>symbolic link target is longer than %1 bytes, not extracted</source>
        <translation>Ziel der symbolischen Verknüpfung ist länger als %1 Byte, nicht entpackt</translation>
    </message>
    <message>
        <source>symbolic link where the archive has a folder, not extracted</source>
        <translation>symbolische Verknüpfung, wo das Archiv einen Ordner hat, nicht entpackt</translation>
    </message>
    <message>
        <source>The archive is damaged (%1); nothing was extracted.</source>
        <translation>Das Archiv ist beschädigt (%1); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The archive is damaged after %1 (%2); nothing was extracted.</source>
        <translation>Das Archiv ist nach %1 beschädigt (%2); es wurde nichts entpackt.</translation>
    </message>
</context>
<context>
    <name>ExtractStaging</name>
    <message>
        <source>No target folder was given for the extraction.</source>
        <translation>Für das Entpacken wurde kein Zielordner angegeben.</translation>
    </message>
    <message>
        <source>Choose a folder to extract into, not %1.</source>
        <translation>Einen Ordner zum Entpacken wählen, nicht %1.</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>Der Ordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>%1 already exists and is not a folder; choose a new or empty folder.</source>
        <translation>%1 existiert bereits und ist kein Ordner; einen neuen oder leeren Ordner wählen.</translation>
    </message>
    <message>
        <source>The folder %1 already exists and is not empty; choose a new or empty folder.</source>
        <translation>Der Ordner %1 existiert bereits und ist nicht leer; einen neuen oder leeren Ordner wählen.</translation>
    </message>
    <message>
        <source>The disk is full: not enough space in %1 (%2); nothing was extracted.</source>
        <translation>Der Datenträger ist voll: nicht genug Platz in %1 (%2); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>Could not create a folder in %1: %2</source>
        <translation>In %1 konnte kein Ordner angelegt werden: %2</translation>
    </message>
    <message>
        <source>%1 was created by something else during the extraction; nothing was extracted.</source>
        <translation>%1 wurde während des Entpackens von etwas anderem angelegt; es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>Could not move the extracted files into %1: %2</source>
        <translation>Die entpackten Dateien konnten nicht nach %1 verschoben werden: %2</translation>
    </message>
</context>
<context>
    <name>ExtractTree</name>
    <message>
        <source>The archive contains both a file and a folder named %1; nothing was extracted.</source>
        <translation>Das Archiv enthält sowohl eine Datei als auch einen Ordner namens %1; es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>The disk is full: not enough space in %1 for %2 (%3); nothing was extracted.</source>
        <translation>Der Datenträger ist voll: nicht genug Platz in %1 für %2 (%3); es wurde nichts entpackt.</translation>
    </message>
    <message>
        <source>Could not set permissions on %1: %2</source>
        <translation>Die Berechtigungen von %1 konnten nicht gesetzt werden: %2</translation>
    </message>
    <message>
        <source>Could not set the time of %1: %2</source>
        <translation>Der Zeitstempel von %1 konnte nicht gesetzt werden: %2</translation>
    </message>
    <message>
        <source>Could not create the folder %1: %2</source>
        <translation>Der Ordner %1 konnte nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>Could not open the folder %1: %2</source>
        <translation>Der Ordner %1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Could not create %1: %2</source>
        <translation>%1 konnte nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>Could not replace %1: %2</source>
        <translation>%1 konnte nicht ersetzt werden: %2</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Could not create the hard link %1: %2</source>
        <translation>Die harte Verknüpfung %1 konnte nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>Could not create the link %1: %2</source>
        <translation>Die Verknüpfung %1 konnte nicht angelegt werden: %2</translation>
    </message>
</context>
<context>
    <name>FileBrowser</name>
    <message>
        <source>Made the folder %1.</source>
        <translation>Ordner %1 angelegt.</translation>
    </message>
    <message>
        <source>Renamed %1 to %2.</source>
        <translation>%1 in %2 umbenannt.</translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation>%1 gelöscht.</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>Connect to Blaxel to see a sandbox&apos;s files.</source>
        <translation>Mit Blaxel verbinden, um die Dateien einer Sandbox zu sehen.</translation>
    </message>
    <message>
        <source>Connect to Blaxel to upload into a sandbox.</source>
        <translation>Verbinden Sie sich mit Blaxel, um in eine Sandbox hochzuladen.</translation>
    </message>
    <message>
        <source>%1 is there already; choose another folder.</source>
        <translation>%1 ist bereits vorhanden; wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>Connect to Blaxel to download from a sandbox.</source>
        <translation>Verbinden Sie sich mit Blaxel, um aus einer Sandbox herunterzuladen.</translation>
    </message>
    <message>
        <source>Could not create a temporary folder in %1.</source>
        <translation>In %1 konnte kein temporärer Ordner angelegt werden.</translation>
    </message>
    <message>
        <source>Could not create %1 for the drag.</source>
        <translation>%1 konnte für das Ziehen nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Could not create a folder in %1 for the drag.</source>
        <translation>In %1 konnte kein Ordner für das Ziehen angelegt werden.</translation>
    </message>
</context>
<context>
    <name>FilePreview</name>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>Neu la&amp;den</translation>
    </message>
    <message>
        <source>Writes the text to the sandbox (Ctrl+S), unless the file changed there meanwhile</source>
        <translation>Schreibt den Text in die Sandbox (Strg+S), sofern sich die Datei dort nicht inzwischen geändert hat</translation>
    </message>
    <message>
        <source>Reads the file again from the sandbox, dropping changes not saved</source>
        <translation>Liest die Datei erneut aus der Sandbox und verwirft nicht gespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Choose a file to see it here.</source>
        <translation>Eine Datei wählen, um sie hier zu sehen.</translation>
    </message>
    <message>
        <source>%1 × %2 pixels, %3</source>
        <translation>%1 × %2 Pixel, %3</translation>
    </message>
    <message>
        <source>%1 is not text (%2). Download it to open it with a program of this computer.</source>
        <translation>%1 ist kein Text (%2). Zum Öffnen mit einem Programm dieses Computers herunterladen.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>The first %1 of %2 (%3) are shown, read-only.</source>
        <translation>Die ersten %1 von %2 (%3) werden schreibgeschützt angezeigt.</translation>
    </message>
</context>
<context>
    <name>FileSearchPanel</name>
    <message>
        <source>F&amp;ind</source>
        <translation>&amp;Finden</translation>
    </message>
    <message>
        <source>Find files (*.py) or text…</source>
        <translation>Dateien (*.py) oder Text finden …</translation>
    </message>
    <message>
        <source>By name</source>
        <translation>Nach Name</translation>
    </message>
    <message>
        <source>By content</source>
        <translation>Nach Inhalt</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Gefunden</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Nothing found.</source>
        <translation>Nichts gefunden.</translation>
    </message>
    <message numerus="yes">
        <source>The first %n found are shown.</source>
        <translation>
            <numerusform>Der erste Treffer (%n) wird angezeigt.</numerusform>
            <numerusform>Die ersten %n Treffer werden angezeigt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n found.</source>
        <translation>
            <numerusform>%n Treffer.</numerusform>
            <numerusform>%n Treffer.</numerusform>
        </translation>
    </message>
    <message>
        <source>No line holds that text.</source>
        <translation>Keine Zeile enthält diesen Text.</translation>
    </message>
    <message numerus="yes">
        <source>The first %n lines found are shown.</source>
        <translation>
            <numerusform>Die erste gefundene Zeile (%n) wird angezeigt.</numerusform>
            <numerusform>Die ersten %n gefundenen Zeilen werden angezeigt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lines found.</source>
        <translation>
            <numerusform>%n Zeile gefunden.</numerusform>
            <numerusform>%n Zeilen gefunden.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FileTransferActions</name>
    <message>
        <source>Downloaded %1.</source>
        <translation>%1 heruntergeladen.</translation>
    </message>
    <message>
        <source>%1 appeared while the download ran, so it was not replaced: the download is in %2.</source>
        <translation>%1 ist während des Herunterladens entstanden und wurde daher nicht ersetzt: Der Download liegt in %2.</translation>
    </message>
    <message>
        <source>There is no sandbox to upload into.</source>
        <translation>Es gibt keine Sandbox, in die hochgeladen werden kann.</translation>
    </message>
    <message>
        <source>Uploading into %1; Transfers shows its progress.</source>
        <translation>Wird nach %1 hochgeladen; Übertragungen zeigt den Fortschritt.</translation>
    </message>
    <message>
        <source>Uploaded into %1.</source>
        <translation>Nach %1 hochgeladen.</translation>
    </message>
    <message>
        <source>The upload into %1 did not finish: %2</source>
        <translation>Das Hochladen nach %1 wurde nicht abgeschlossen: %2</translation>
    </message>
    <message>
        <source>Download into</source>
        <translation>Herunterladen nach</translation>
    </message>
    <message>
        <source>Choose a file or folder to download.</source>
        <translation>Wählen Sie eine Datei oder einen Ordner zum Herunterladen.</translation>
    </message>
    <message>
        <source>Downloading %1; Transfers shows its progress.</source>
        <translation>%1 wird heruntergeladen; Übertragungen zeigt den Fortschritt.</translation>
    </message>
    <message>
        <source>Fetching %1 for the drop; Transfers shows its progress.</source>
        <translation>%1 wird für das Ablegen geholt; Übertragungen zeigt den Fortschritt.</translation>
    </message>
    <message>
        <source>The drag ended without a drop: its download is cancelled.</source>
        <translation>Das Ziehen endete ohne Ablegen: Sein Download ist abgebrochen.</translation>
    </message>
</context>
<context>
    <name>FilesPane</name>
    <message>
        <source>Re&amp;fresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>New F&amp;older…</source>
        <translation>Neuer &amp;Ordner …</translation>
    </message>
    <message>
        <source>Re&amp;name…</source>
        <translation>&amp;Umbenennen …</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen …</translation>
    </message>
    <message>
        <source>Lists the open folders again (F5)</source>
        <translation>Listet die geöffneten Ordner erneut auf (F5)</translation>
    </message>
    <message>
        <source>Renames the selected file or folder (F2)</source>
        <translation>Benennt die ausgewählte Datei oder den ausgewählten Ordner um (F2)</translation>
    </message>
    <message>
        <source>Deletes the selected file or folder, after a question (Delete)</source>
        <translation>Löscht die ausgewählte Datei oder den ausgewählten Ordner nach einer Rückfrage (Entf)</translation>
    </message>
    <message>
        <source>The folder the tree starts at; Enter goes there</source>
        <translation>Der Ordner, bei dem der Baum beginnt; Eingabe wechselt dorthin</translation>
    </message>
    <message>
        <source>Choose a file to see it here.</source>
        <translation>Eine Datei wählen, um sie hier zu sehen.</translation>
    </message>
    <message>
        <source>Demo: the sandbox&apos;s files are a folder of this machine.</source>
        <translation>Demo: Die Dateien der Sandbox sind ein Ordner dieses Rechners.</translation>
    </message>
    <message>
        <source>The sandbox&apos;s files, through Blaxel&apos;s filesystem API.</source>
        <translation>Die Dateien der Sandbox, über die Dateisystem-API von Blaxel.</translation>
    </message>
    <message>
        <source>Select one sandbox to see its files.</source>
        <translation>Eine Sandbox auswählen, um ihre Dateien zu sehen.</translation>
    </message>
    <message>
        <source>A DEPLOYED sandbox shows its files.</source>
        <translation>Eine Sandbox im Status DEPLOYED zeigt ihre Dateien.</translation>
    </message>
    <message>
        <source>Could not list %1: %2</source>
        <translation>%1 konnte nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Saved %1 (%2).</source>
        <translation>%1 gespeichert (%2).</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>Die Suche ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Following changes again.</source>
        <translation>Änderungen werden wieder verfolgt.</translation>
    </message>
    <message>
        <source>Changes in the sandbox are not followed now: %1</source>
        <translation>Änderungen in der Sandbox werden gerade nicht verfolgt: %1</translation>
    </message>
    <message>
        <source>Type a folder&apos;s full path, starting with /.</source>
        <translation>Den vollständigen Pfad eines Ordners eingeben, beginnend mit /.</translation>
    </message>
    <message>
        <source>A name cannot hold &apos;/&apos; or be &apos;.&apos; or &apos;..&apos;: %1</source>
        <translation>Ein Name darf kein „/“ enthalten und nicht „.“ oder „..“ sein: %1</translation>
    </message>
    <message>
        <source>New Folder</source>
        <translation>Neuer Ordner</translation>
    </message>
    <message>
        <source>A new folder in %1:</source>
        <translation>Ein neuer Ordner in %1:</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
    <message>
        <source>New name for %1:</source>
        <translation>Neuer Name für %1:</translation>
    </message>
    <message>
        <source>Delete the folder %1 and everything in it?</source>
        <translation>Den Ordner %1 mit seinem gesamten Inhalt löschen?</translation>
    </message>
    <message>
        <source>Delete %1?</source>
        <translation>%1 löschen?</translation>
    </message>
    <message>
        <source>It is deleted in the sandbox %1; there is no undo.</source>
        <translation>Es wird in der Sandbox %1 gelöscht; das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Searching %1…</source>
        <translation>%1 wird durchsucht …</translation>
    </message>
    <message>
        <source>Drop your changes to %1?</source>
        <translation>Ihre Änderungen an %1 verwerfen?</translation>
    </message>
    <message>
        <source>They were not saved to the sandbox.</source>
        <translation>Sie wurden nicht in der Sandbox gespeichert.</translation>
    </message>
    <message>
        <source>Drop Changes</source>
        <translation>Änderungen verwerfen</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen …</translation>
    </message>
    <message>
        <source>Changed in the Sandbox</source>
        <translation>In der Sandbox geändert</translation>
    </message>
    <message>
        <source>%1 changed in the sandbox since you opened it.</source>
        <translation>%1 wurde in der Sandbox geändert, seit Sie die Datei geöffnet haben.</translation>
    </message>
    <message>
        <source>Overwrite it with your text, or reload what it holds now (your changes are lost)?</source>
        <translation>Mit Ihrem Text überschreiben oder den jetzigen Inhalt neu laden (Ihre Änderungen gehen verloren)?</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>Über&amp;schreiben</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>Neu &amp;laden</translation>
    </message>
    <message>
        <source>Not saved: %1 changed in the sandbox.</source>
        <translation>Nicht gespeichert: %1 wurde in der Sandbox geändert.</translation>
    </message>
    <message>
        <source>%1 changed in the sandbox; Save will ask before overwriting it.</source>
        <translation>%1 wurde in der Sandbox geändert; Speichern fragt vor dem Überschreiben nach.</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds more than the tree shows: the first %n entries are listed.</source>
        <translation>
            <numerusform>%1 enthält mehr, als der Baum zeigt: Nur %n Eintrag wird aufgeführt.</numerusform>
            <numerusform>%1 enthält mehr, als der Baum zeigt: Die ersten %n Einträge werden aufgeführt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Drop to upload into %1.</source>
        <translation>Zum Hochladen nach %1 hier ablegen.</translation>
    </message>
    <message>
        <source>Do&amp;wnload…</source>
        <translation>&amp;Herunterladen …</translation>
    </message>
    <message>
        <source>Downloads the selected file or folder into a folder of this computer</source>
        <translation>Lädt die gewählte Datei oder den gewählten Ordner in einen Ordner dieses Computers herunter</translation>
    </message>
</context>
<context>
    <name>FollowConsole</name>
    <message>
        <source>Show only lines matching a regular expression</source>
        <translation>Nur Zeilen zeigen, die auf einen regulären Ausdruck passen</translation>
    </message>
    <message>
        <source>&amp;Filter:</source>
        <translation>&amp;Filter:</translation>
    </message>
    <message>
        <source>Run Script in Selected</source>
        <translation>Skript in den ausgewählten ausführen</translation>
    </message>
    <message>
        <source>Select the local sandboxes to run the script in first.</source>
        <translation>Zuerst die lokalen Sandboxen auswählen, in denen das Skript laufen soll.</translation>
    </message>
    <message numerus="yes">
        <source>Choose the folder with main.py to run in %n sandbox(es)</source>
        <translation>
            <numerusform>Den Ordner mit main.py wählen, der in %n Sandbox laufen soll</numerusform>
            <numerusform>Den Ordner mit main.py wählen, der in %n Sandboxen laufen soll</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 has no main.py: an execution runs the main.py at the top of its folder.</source>
        <translation>%1 hat keine main.py: eine Ausführung startet die main.py oben in ihrem Ordner.</translation>
    </message>
    <message>
        <source>Execution name (the same in every sandbox):</source>
        <translation>Name der Ausführung (in jeder Sandbox derselbe):</translation>
    </message>
    <message>
        <source>An execution name is 1 to 64 letters, digits, &apos;_&apos;, &apos;.&apos; or &apos;-&apos;.</source>
        <translation>Ein Ausführungsname besteht aus 1 bis 64 Buchstaben, Ziffern, &apos;_&apos;, &apos;.&apos; oder &apos;-&apos;.</translation>
    </message>
    <message>
        <source>Not a regular expression (%1 at character %2): every line is shown.</source>
        <translation>Kein regulärer Ausdruck (%1 bei Zeichen %2): jede Zeile wird gezeigt.</translation>
    </message>
    <message>
        <source>all completed</source>
        <translation>alle abgeschlossen</translation>
    </message>
    <message>
        <source>ended, not all completed</source>
        <translation>beendet, nicht alle abgeschlossen</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <extracomment>A sandbox in the follow console&apos;s strip: its short id, its status, its line count.</extracomment>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n sandbox(es)</source>
        <translation>
            <numerusform>%1 in %n Sandbox</numerusform>
            <numerusform>%1 in %n Sandboxen</numerusform>
        </translation>
    </message>
    <message>
        <source>The merged log is past %1: later lines are counted in the strip, not kept.</source>
        <translation>Das zusammengeführte Protokoll ist über %1: spätere Zeilen werden in der Leiste gezählt, aber nicht behalten.</translation>
    </message>
</context>
<context>
    <name>FormDialog</name>
    <message>
        <source>Working…</source>
        <translation>In Arbeit …</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keiner</translation>
    </message>
    <message>
        <source>Preloads the benchmark&apos;s data and may route to its own MCP server.</source>
        <translation>Lädt die Daten des Benchmarks vorab und leitet eventuell an dessen eigenen MCP-Server weiter.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message numerus="yes">
        <source>= %n h</source>
        <translation>
            <numerusform>= %n Std.</numerusform>
            <numerusform>= %n Std.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>= %n min</source>
        <translation>
            <numerusform>= %n Min.</numerusform>
            <numerusform>= %n Min.</numerusform>
        </translation>
    </message>
    <message>
        <source>No auto-release</source>
        <translation>Keine automatische Freigabe</translation>
    </message>
    <message>
        <source>Keep the sandbox until you release it. It holds capacity meanwhile.</source>
        <translation>Die Sandbox bis zur manuellen Freigabe behalten. Sie belegt solange Kapazität.</translation>
    </message>
    <message>
        <source>This does not look like an email address.</source>
        <translation>Das sieht nicht nach einer E-Mail-Adresse aus.</translation>
    </message>
    <message>
        <source>The time to live must be between %1 s (1 min) and %2 s (24 h); or tick No auto-release.</source>
        <translation>Die Lebensdauer muss zwischen %1 s (1 Min.) und %2 s (24 Std.) liegen; oder „Keine automatische Freigabe“ ankreuzen.</translation>
    </message>
    <message>
        <source>Some fields need attention.</source>
        <translation>Einige Felder müssen korrigiert werden.</translation>
    </message>
</context>
<context>
    <name>HttpTransport</name>
    <message>
        <source>The server asked us to come back after %1 UTC, later than this call may wait, so it was not retried.</source>
        <translation>Der Server bat um einen neuen Versuch nach %1 UTC, später als dieser Aufruf warten darf; daher wurde er nicht wiederholt.</translation>
    </message>
    <message>
        <source>%1 Change it in Settings.</source>
        <translation>%1 In den Einstellungen ändern.</translation>
    </message>
    <message>
        <source>The API key contains a line break or another control character, so it was not sent. Enter the key again.</source>
        <translation>Der API-Schlüssel enthält einen Zeilenumbruch oder ein anderes Steuerzeichen und wurde daher nicht gesendet. Den Schlüssel erneut eingeben.</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>too many redirects</source>
        <translation>zu viele Weiterleitungen</translation>
    </message>
    <message>
        <source>answer cut short</source>
        <translation>Antwort unvollständig</translation>
    </message>
    <message>
        <source>rate limited</source>
        <translation>Anfragelimit erreicht</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source>A request header contains a line break or another control character, so nothing was sent.</source>
        <translation>Ein Header der Anfrage enthält einen Zeilenumbruch oder ein anderes Steuerzeichen, daher wurde nichts gesendet.</translation>
    </message>
</context>
<context>
    <name>InspectPage</name>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Anweisungen</translation>
    </message>
    <message>
        <source>Show what the server tells a model about using it</source>
        <translation>Zeigt, was der Server einem Modell über seine Nutzung sagt</translation>
    </message>
    <message>
        <source>Find a tool</source>
        <translation>Werkzeug suchen</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>Aufrufen</translation>
    </message>
    <message>
        <source>Select a request to see what was sent and what came back.</source>
        <translation>Eine Anfrage wählen, um zu sehen, was gesendet wurde und was zurückkam.</translation>
    </message>
    <message>
        <source>Copy as curl</source>
        <translation>Als curl kopieren</translation>
    </message>
    <message>
        <source>Copy as curl with the URL and token in full</source>
        <translation>Als curl mit vollständiger URL und Token kopieren</translation>
    </message>
    <message>
        <source>Protocol log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt …</translation>
    </message>
    <message>
        <source>Could not connect: %1</source>
        <translation>Verbindung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Listing tools…</source>
        <translation>Werkzeuge werden aufgelistet…</translation>
    </message>
    <message>
        <source>Could not list the tools: %1</source>
        <translation>Die Werkzeuge konnten nicht aufgelistet werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n Werkzeug</numerusform>
            <numerusform>%n Werkzeuge</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 · protocol %3 · capabilities: %4</source>
        <translation>%1 %2 · Protokoll %3 · Fähigkeiten: %4</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>No tool selected</source>
        <translation>Kein Werkzeug gewählt</translation>
    </message>
    <message>
        <source>The call failed: %1</source>
        <translation>Der Aufruf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>curl command</source>
        <translation>curl-Befehl</translation>
    </message>
    <message>
        <source>Compare tools…</source>
        <translation>Werkzeuge vergleichen…</translation>
    </message>
    <message>
        <source>Compare this server&apos;s tools with the list first seen here, another sandbox&apos;s or a saved list</source>
        <translation>Die Werkzeuge dieses Servers mit der hier zuerst gesehenen Liste, der einer anderen Sandbox oder einer gespeicherten Liste vergleichen</translation>
    </message>
</context>
<context>
    <name>JsonDiffView</name>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <source>All changes</source>
        <translation>Alle Änderungen</translation>
    </message>
    <message>
        <source>Show changes of kind</source>
        <translation>Änderungen dieser Art zeigen</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>Pfad kopieren</translation>
    </message>
    <message>
        <source>Copy the selected difference&apos;s path</source>
        <translation>Den Pfad des gewählten Unterschieds kopieren</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>Hinzugefügt</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>Entfernt</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>Type changed</source>
        <translation>Typ geändert</translation>
    </message>
    <message>
        <source>Nothing compared yet.</source>
        <translation>Noch nichts verglichen.</translation>
    </message>
    <message>
        <source>No differences: %1 and %2 hold the same data.</source>
        <translation>Keine Unterschiede: %1 und %2 enthalten dieselben Daten.</translation>
    </message>
    <message>
        <source>1 difference from %1 to %2: %3</source>
        <translation>1 Unterschied von %1 zu %2: %3</translation>
    </message>
    <message>
        <source>%1 differences from %2 to %3: %4</source>
        <translation>%1 Unterschiede von %2 zu %3: %4</translation>
    </message>
    <message>
        <source>The comparison stopped early; more differences may exist.</source>
        <translation>Der Vergleich endete vorzeitig; es kann weitere Unterschiede geben.</translation>
    </message>
    <message>
        <source>%1 shown.</source>
        <translation>%1 angezeigt.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>Pfad</translation>
    </message>
</context>
<context>
    <name>JsonReply</name>
    <message>
        <source>expected a JSON object</source>
        <translation>JSON-Objekt erwartet</translation>
    </message>
    <message>
        <source>invalid JSON at byte %1: %2</source>
        <translation>ungültiges JSON bei Byte %1: %2</translation>
    </message>
</context>
<context>
    <name>JsonTextEdit</name>
    <message>
        <source>must be a JSON object { … }</source>
        <translation>muss ein JSON-Objekt { … } sein</translation>
    </message>
    <message>
        <source>must be a JSON array [ … ]</source>
        <translation>muss ein JSON-Array [ … ] sein</translation>
    </message>
</context>
<context>
    <name>JsonTreeModel</name>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>kein Wert</translation>
    </message>
    <message>
        <source>more than one value</source>
        <translation>mehr als ein Wert</translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
</context>
<context>
    <name>JsonTreeView</name>
    <message>
        <source>Previous match</source>
        <translation>Vorheriger Treffer</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>Pfad kopieren</translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation>Wert kopieren</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>Alle aufklappen</translation>
    </message>
    <message>
        <source>Collapse all</source>
        <translation>Alle zuklappen</translation>
    </message>
    <message>
        <source>Save as JSON…</source>
        <translation>Als JSON speichern…</translation>
    </message>
    <message>
        <source>Find in keys and values</source>
        <translation>In Schlüsseln und Werten suchen</translation>
    </message>
    <message numerus="yes">
        <source>Expanded the first %n node(s); search to reach the others.</source>
        <translation>
            <numerusform>%n Knoten ist aufgeklappt; die übrigen über die Suche erreichen.</numerusform>
            <numerusform>Die ersten %n Knoten sind aufgeklappt; die übrigen über die Suche erreichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Not valid JSON: %1</source>
        <translation>Kein gültiges JSON: %1</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>No match</source>
        <translation>Kein Treffer</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>JSON path</source>
        <translation>JSON-Pfad</translation>
    </message>
    <message>
        <source>JSON value</source>
        <translation>JSON-Wert</translation>
    </message>
    <message>
        <source>Could not save: %1</source>
        <translation>Speichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Save JSON</source>
        <translation>JSON speichern</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>KlavisDecoder</name>
    <message>
        <source>`sandboxes` is not a list</source>
        <translation>`sandboxes` ist keine Liste</translation>
    </message>
    <message>
        <source>no `sandboxes` list in the reply</source>
        <translation>keine Liste `sandboxes` in der Antwort</translation>
    </message>
    <message>
        <source>no `sandbox_id` in the reply</source>
        <translation>keine `sandbox_id` in der Antwort</translation>
    </message>
    <message>
        <source>no `local_sandbox_id` in the reply</source>
        <translation>keine `local_sandbox_id` in der Antwort</translation>
    </message>
    <message>
        <source>no `local_sandboxes` list in the reply</source>
        <translation>keine Liste `local_sandboxes` in der Antwort</translation>
    </message>
    <message>
        <source>no usable `%1` in the reply</source>
        <translation>kein verwendbares `%1` in der Antwort</translation>
    </message>
</context>
<context>
    <name>LeakListModel</name>
    <message>
        <source>Unclaimed</source>
        <translation>Ohne Lauf</translation>
    </message>
    <message>
        <source>Past its TTL</source>
        <translation>Lebensdauer überschritten</translation>
    </message>
    <message>
        <source>Held too long</source>
        <translation>Zu lange belegt</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Held since</source>
        <translation>Belegt seit</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Grund</translation>
    </message>
</context>
<context>
    <name>LocalAcquireDialog</name>
    <message>
        <source>Acquire local sandbox</source>
        <translation>Lokale Sandbox anfordern</translation>
    </message>
    <message>
        <source>All servers</source>
        <translation>Alle Server</translation>
    </message>
    <message>
        <source>Sends &quot;ALL&quot;: every local server the service offers, including new ones.</source>
        <translation>Sendet „ALL“: jeden lokalen Server, den der Dienst anbietet, auch neue.</translation>
    </message>
    <message>
        <source>Optional: a specific test account</source>
        <translation>Optional: ein bestimmtes Testkonto</translation>
    </message>
    <message>
        <source>&amp;Servers:</source>
        <translation>&amp;Server:</translation>
    </message>
    <message>
        <source>&amp;Benchmark:</source>
        <translation>&amp;Benchmark:</translation>
    </message>
    <message>
        <source>Test account &amp;email:</source>
        <translation>&amp;E-Mail des Testkontos:</translation>
    </message>
    <message>
        <source>Time to &amp;live:</source>
        <translation>&amp;Lebensdauer:</translation>
    </message>
    <message>
        <source>Acquire</source>
        <translation>Anfordern</translation>
    </message>
    <message>
        <source>Check at least one server, or All servers.</source>
        <translation>Mindestens einen Server oder „Alle Server“ ankreuzen.</translation>
    </message>
    <message>
        <source>Some fields need attention.</source>
        <translation>Einige Felder müssen korrigiert werden.</translation>
    </message>
</context>
<context>
    <name>LocalSandboxDetailsPane</name>
    <message>
        <source>Local sandbox</source>
        <translation>Lokale Sandbox</translation>
    </message>
    <message>
        <source>local sandbox ID</source>
        <translation>ID der lokalen Sandbox</translation>
    </message>
    <message>
        <source>Sandbox ID:</source>
        <translation>Sandbox-ID:</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>Benchmark:</source>
        <translation>Benchmark:</translation>
    </message>
    <message>
        <source>Created:</source>
        <translation>Erstellt:</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Copy MCP client config</source>
        <translation>MCP-Client-Konfiguration kopieren</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Upload…</source>
        <translation>Hochladen …</translation>
    </message>
    <message>
        <source>Save dump as…</source>
        <translation>Dump speichern …</translation>
    </message>
    <message>
        <source>Extract dump to…</source>
        <translation>Dump entpacken …</translation>
    </message>
    <message>
        <source>Drop folders or a .tar.gz here to upload a workspace</source>
        <translation>Ordner oder eine .tar.gz-Datei hier ablegen, um einen Arbeitsbereich hochzuladen</translation>
    </message>
    <message>
        <source>Servers (%1)</source>
        <translation>Server (%1)</translation>
    </message>
    <message>
        <source>No servers in this response.</source>
        <translation>Keine Server in dieser Antwort.</translation>
    </message>
    <message>
        <source>MCP server URL (%1)</source>
        <translation>MCP-Server-URL (%1)</translation>
    </message>
    <message>
        <source>MCP URL:</source>
        <translation>MCP-URL:</translation>
    </message>
    <message>
        <source>Metadata:</source>
        <translation>Metadaten:</translation>
    </message>
    <message>
        <source>Auth data:</source>
        <translation>Anmeldedaten:</translation>
    </message>
    <message>
        <source>Select a local sandbox to see its details</source>
        <translation>Eine lokale Sandbox auswählen, um ihre Details zu sehen</translation>
    </message>
    <message>
        <source>A local sandbox hosts several MCP servers (filesystem, git, terminal…) around one workspace.</source>
        <translation>Eine lokale Sandbox stellt mehrere MCP-Server (Dateisystem, Git, Terminal …) rund um einen Arbeitsbereich bereit.</translation>
    </message>
    <message numerus="yes">
        <source>%n local sandbox(es) selected</source>
        <translation>
            <numerusform>%n lokale Sandbox ausgewählt</numerusform>
            <numerusform>%n lokale Sandboxes ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>Release or reset them together from the toolbar or the context menu.</source>
        <translation>Über die Werkzeugleiste oder das Kontextmenü gemeinsam freigeben oder zurücksetzen.</translation>
    </message>
    <message>
        <source>Local sandbox %1 is no longer listed</source>
        <translation>Lokale Sandbox %1 ist nicht mehr aufgeführt</translation>
    </message>
    <message>
        <source>It was released or expired since it was selected.</source>
        <translation>Sie wurde freigegeben oder ist abgelaufen, seit sie ausgewählt wurde.</translation>
    </message>
    <message>
        <source>This local sandbox is %1: its servers and workspace went with its lease.</source>
        <translation>Diese lokale Sandbox ist %1: Ihre Server und ihr Arbeitsbereich gingen mit ihrer Belegung.</translation>
    </message>
</context>
<context>
    <name>LocalSandboxTreeModel</name>
    <message>
        <source>Server id: %1</source>
        <translation>Server-ID: %1</translation>
    </message>
    <message>
        <source>1 server</source>
        <translation>1 Server</translation>
    </message>
    <message>
        <source>%1 servers</source>
        <translation>%1 Server</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>LocalSandboxesPage</name>
    <message>
        <source>No local sandboxes. Acquire one with Ctrl+N: a VM with filesystem, git, terminal and other MCP servers around a workspace.</source>
        <translation>Keine lokalen Sandboxes. Mit Strg+N eine anfordern: eine VM mit Dateisystem-, Git-, Terminal- und weiteren MCP-Servern rund um einen Arbeitsbereich.</translation>
    </message>
    <message>
        <source>Could not refresh the local sandboxes</source>
        <translation>Die lokalen Sandboxes konnten nicht aktualisiert werden</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard.</source>
        <translation>%1 in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Select one local sandbox to upload a workspace into.</source>
        <translation>Eine lokale Sandbox auswählen, in die ein Arbeitsbereich hochgeladen werden soll.</translation>
    </message>
    <message>
        <source>Select one local sandbox to save its dump.</source>
        <translation>Eine lokale Sandbox auswählen, um ihren Dump zu speichern.</translation>
    </message>
    <message>
        <source>Select one local sandbox to extract its dump.</source>
        <translation>Eine lokale Sandbox auswählen, um ihren Dump zu entpacken.</translation>
    </message>
    <message>
        <source>Acquiring…</source>
        <translation>Wird angefordert …</translation>
    </message>
    <message numerus="yes">
        <source>Acquired local sandbox %1 with %n server(s).</source>
        <translation>
            <numerusform>Lokale Sandbox %1 mit %n Server angefordert.</numerusform>
            <numerusform>Lokale Sandbox %1 mit %n Servern angefordert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied %n local sandbox id(s).</source>
        <translation>
            <numerusform>%n ID einer lokalen Sandbox kopiert.</numerusform>
            <numerusform>%n IDs lokaler Sandboxes kopiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>No MCP URLs to copy: select a local sandbox with servers.</source>
        <translation>Keine MCP-URLs zum Kopieren: eine lokale Sandbox mit Servern auswählen.</translation>
    </message>
    <message numerus="yes">
        <source>Copied MCP client config for %n server(s).</source>
        <translation>
            <numerusform>MCP-Client-Konfiguration für %n Server kopiert.</numerusform>
            <numerusform>MCP-Client-Konfiguration für %n Server kopiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Filters cleared to show the new local sandbox %1.</source>
        <translation>Filter aufgehoben, um die neue lokale Sandbox %1 anzuzeigen.</translation>
    </message>
    <message>
        <source>This sandbox is idle: it is not acquired, so it may be handed to someone else or reset, and your files with it. Acquire it first to keep them.</source>
        <translation>Diese Sandbox ist frei: Sie ist nicht angefordert und kann daher an jemand anderen vergeben oder zurückgesetzt werden, mitsamt den Dateien. Sie zuerst anfordern, um die Dateien zu behalten.</translation>
    </message>
    <message>
        <source>local %1</source>
        <translation>lokal %1</translation>
    </message>
    <message>
        <source>Select an occupied local sandbox: its MCP URLs go into the config.</source>
        <translation>Eine belegte lokale Sandbox auswählen: Ihre MCP-URLs kommen in die Konfiguration.</translation>
    </message>
    <message>
        <source>The selection holds no occupied local sandbox: an idle or failed one has no MCP URLs.</source>
        <translation>Die Auswahl enthält keine belegte lokale Sandbox: Eine freie oder fehlerhafte hat keine MCP-URLs.</translation>
    </message>
    <message>
        <source>Select one occupied local sandbox: its workspace is the one used.</source>
        <translation>Eine belegte lokale Sandbox auswählen: Ihr Arbeitsbereich wird verwendet.</translation>
    </message>
    <message>
        <source>This local sandbox is not occupied: its workspace went with its lease.</source>
        <translation>Diese lokale Sandbox ist nicht belegt: Ihr Arbeitsbereich ging mit ihrer Belegung.</translation>
    </message>
    <message>
        <source>No Klavis account yet</source>
        <translation>Noch kein Klavis-Konto</translation>
    </message>
    <message>
        <source>Add a profile with your Klavis API key in Settings to list and acquire local sandboxes, or look around first in the built-in demo.</source>
        <translation>In den Einstellungen ein Profil mit Ihrem Klavis-API-Schlüssel hinzufügen, um lokale Sandboxes aufzulisten und anzufordern, oder sich zuerst in der eingebauten Demo umsehen.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Views</source>
        <translation>Ansichten</translation>
    </message>
    <message>
        <source>Sandboxes</source>
        <translation>Sandboxes</translation>
    </message>
    <message>
        <source>Local sandboxes</source>
        <translation>Lokale Sandboxes</translation>
    </message>
    <message>
        <source>Transfers</source>
        <translation>Übertragungen</translation>
    </message>
    <message>
        <source>&amp;Acquire…</source>
        <translation>&amp;Anfordern …</translation>
    </message>
    <message>
        <source>Acquire a sandbox (Ctrl+N)</source>
        <translation>Eine Sandbox anfordern (Strg+N)</translation>
    </message>
    <message>
        <source>&amp;Release</source>
        <translation>&amp;Freigeben</translation>
    </message>
    <message>
        <source>Release the selected sandboxes back to the pool (Delete)</source>
        <translation>Die ausgewählten Sandboxes an den Pool zurückgeben (Entf)</translation>
    </message>
    <message>
        <source>Re&amp;set</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <source>Reset the selected sandboxes to their initial data (Ctrl+R)</source>
        <translation>Die ausgewählten Sandboxes auf ihre Anfangsdaten zurücksetzen (Strg+R)</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Akt&amp;ualisieren</translation>
    </message>
    <message>
        <source>Refresh now (F5)</source>
        <translation>Jetzt aktualisieren (F5)</translation>
    </message>
    <message>
        <source>&amp;Copy ID</source>
        <translation>&amp;ID kopieren</translation>
    </message>
    <message>
        <source>Copy &amp;MCP Client Config</source>
        <translation>&amp;MCP-Client-Konfiguration kopieren</translation>
    </message>
    <message>
        <source>Copy an mcpServers JSON for the selection, ready to paste into an MCP client</source>
        <translation>Ein mcpServers-JSON für die Auswahl kopieren, bereit zum Einfügen in einen MCP-Client</translation>
    </message>
    <message>
        <source>&amp;Upload Workspace…</source>
        <translation>Arbeitsbereich &amp;hochladen …</translation>
    </message>
    <message>
        <source>Save &amp;Dump As…</source>
        <translation>&amp;Dump speichern unter …</translation>
    </message>
    <message>
        <source>E&amp;xtract Dump To…</source>
        <translation>Dump &amp;entpacken nach …</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen …</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen …</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;About SandboxDeck</source>
        <translation>Ü&amp;ber SandboxDeck</translation>
    </message>
    <message>
        <source>About SandboxDeck</source>
        <translation>Über SandboxDeck</translation>
    </message>
    <message>
        <source>&lt;h3&gt;SandboxDeck %1&lt;/h3&gt;&lt;p&gt;Browse and manage AI-agent sandboxes: Klavis MCP sandboxes and local sandboxes.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;SandboxDeck %1&lt;/h3&gt;&lt;p&gt;Sandboxes für KI-Agenten durchsuchen und verwalten: Klavis-MCP-Sandboxes und lokale Sandboxes.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Sandbox</source>
        <translation>&amp;Sandbox</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>Copy the ids of the selected sandboxes, one per line (Ctrl+C)</source>
        <translation>Die IDs der ausgewählten Sandboxes kopieren, eine pro Zeile (Strg+C)</translation>
    </message>
    <message>
        <source>&amp;Export Visible Rows…</source>
        <translation>Sichtbare Zeilen e&amp;xportieren …</translation>
    </message>
    <message>
        <source>Save the rows the list shows as CSV or JSON; secrets are left out (Ctrl+E)</source>
        <translation>Die Zeilen der Liste, wie sie angezeigt werden, als CSV oder JSON speichern; Geheimnisse werden ausgelassen (Strg+E)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>The Transfers view has no rows to export.</source>
        <translation>Die Ansicht „Übertragungen“ hat keine Zeilen zum Exportieren.</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n row(s) to %1.</source>
        <translation>
            <numerusform>%n Zeile nach %1 exportiert.</numerusform>
            <numerusform>%n Zeilen nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Create…</source>
        <translation>E&amp;rstellen …</translation>
    </message>
    <message>
        <source>Create a Blaxel sandbox (Ctrl+N)</source>
        <translation>Eine Blaxel-Sandbox erstellen (Strg+N)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Delete the selected Blaxel sandboxes for good (Delete)</source>
        <translation>Die ausgewählten Blaxel-Sandboxes endgültig löschen (Entf)</translation>
    </message>
    <message>
        <source>Blaxel sandboxes</source>
        <translation>Blaxel-Sandboxes</translation>
    </message>
    <message>
        <source>All sandboxes</source>
        <translation>Alle Sandboxes</translation>
    </message>
    <message>
        <source>Upload a folder as the workspace of the selected sandbox (Ctrl+U); or drop files on it</source>
        <translation>Einen Ordner als Workspace der ausgewählten Sandbox hochladen (Strg+U); oder Dateien darauf ziehen</translation>
    </message>
    <message>
        <source>Download the workspace of the selected sandbox as a .tar.gz (Ctrl+S)</source>
        <translation>Den Workspace der ausgewählten Sandbox als .tar.gz herunterladen (Strg+S)</translation>
    </message>
    <message>
        <source>Download the workspace of the selected sandbox into a folder (Ctrl+Shift+S)</source>
        <translation>Den Workspace der ausgewählten Sandbox in einen Ordner herunterladen (Strg+Umschalt+S)</translation>
    </message>
    <message>
        <source>New R&amp;un…</source>
        <translation>Neuer &amp;Lauf …</translation>
    </message>
    <message>
        <source>Provision a benchmark run: many sandboxes under one tag (Ctrl+Shift+N)</source>
        <translation>Einen Benchmark-Lauf bereitstellen: viele Sandboxes unter einem Tag (Strg+Umschalt+N)</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>The Runs view exports a run&apos;s manifest instead (Export Manifest…).</source>
        <translation>Die Ansicht Läufe exportiert stattdessen das Manifest eines Laufs (Manifest exportieren …).</translation>
    </message>
    <message>
        <source>Run Scr&amp;ipt in Selected…</source>
        <translation>Skr&amp;ipt in den ausgewählten ausführen …</translation>
    </message>
    <message>
        <source>Run a folder&apos;s main.py in every selected local sandbox and follow their logs together</source>
        <translation>Die main.py eines Ordners in jeder ausgewählten lokalen Sandbox ausführen und ihren Protokollen gemeinsam folgen</translation>
    </message>
    <message>
        <source>The Universes view has no rows to export.</source>
        <translation>Die Ansicht Universen hat keine Zeilen zum Exportieren.</translation>
    </message>
    <message>
        <source>Universes</source>
        <translation>Universen</translation>
    </message>
    <message>
        <source>&amp;Edit Labels and TTL…</source>
        <translation>Labels und TTL &amp;bearbeiten …</translation>
    </message>
    <message>
        <source>Change the selected Blaxel sandbox&apos;s display name, labels or TTL (F2)</source>
        <translation>Anzeigename, Labels oder TTL der gewählten Blaxel-Sandbox ändern (F2)</translation>
    </message>
</context>
<context>
    <name>McpClient</name>
    <message>
        <source>no MCP server URL was given; nothing was sent.</source>
        <translation>keine MCP-Server-URL angegeben; nichts wurde gesendet.</translation>
    </message>
    <message>
        <source>the token holds characters a header cannot carry; nothing was sent.</source>
        <translation>das Token enthält Zeichen, die ein Header nicht tragen kann; nichts wurde gesendet.</translation>
    </message>
    <message>
        <source>the tools/list result has no tools array</source>
        <translation>das Ergebnis von tools/list hat kein tools-Array</translation>
    </message>
    <message>
        <source>tools/list gave more than %1 pages</source>
        <translation>tools/list lieferte mehr als %1 Seiten</translation>
    </message>
    <message>
        <source>the tools/call result is not an object</source>
        <translation>das Ergebnis von tools/call ist kein Objekt</translation>
    </message>
    <message>
        <source>the server speaks protocol version &quot;%1&quot;, which this client does not</source>
        <translation>der Server spricht Protokollversion „%1“, die dieser Client nicht spricht</translation>
    </message>
    <message>
        <source>the server&apos;s session id is not visible ASCII</source>
        <translation>die Sitzungs-ID des Servers ist kein sichtbares ASCII</translation>
    </message>
</context>
<context>
    <name>McpError</name>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>Network error: %1</source>
        <translation>Netzwerkfehler: %1</translation>
    </message>
    <message>
        <source>Timed out: %1</source>
        <translation>Zeitüberschreitung: %1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source>HTTP %1: %2</source>
        <translation>HTTP %1: %2</translation>
    </message>
    <message>
        <source>Not a valid MCP reply: %1</source>
        <translation>Keine gültige MCP-Antwort: %1</translation>
    </message>
    <message>
        <source>Server error %1: %2</source>
        <translation>Serverfehler %1: %2</translation>
    </message>
</context>
<context>
    <name>McpExchangeLogModel</name>
    <message>
        <source>
… (%1 more bytes)</source>
        <translation>
… (%1 weitere Bytes)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
</context>
<context>
    <name>McpHttpExchange</name>
    <message>
        <source>no reply within the time limit</source>
        <translation>keine Antwort innerhalb der Frist</translation>
    </message>
    <message>
        <source>the reply is larger than %1 bytes</source>
        <translation>die Antwort ist größer als %1 Bytes</translation>
    </message>
    <message>
        <source>an event is larger than %1 bytes</source>
        <translation>ein Ereignis ist größer als %1 Bytes</translation>
    </message>
    <message>
        <source>an event of the stream is not a JSON-RPC message</source>
        <translation>ein Ereignis des Streams ist keine JSON-RPC-Nachricht</translation>
    </message>
    <message>
        <source>no complete reply within %1 ms</source>
        <translation>keine vollständige Antwort innerhalb von %1 ms</translation>
    </message>
    <message>
        <source>too many redirects</source>
        <translation>zu viele Weiterleitungen</translation>
    </message>
    <message>
        <source>the server accepted the request but sent no reply</source>
        <translation>der Server nahm die Anfrage an, sandte aber keine Antwort</translation>
    </message>
    <message>
        <source>the reply is not the JSON-RPC response to the request</source>
        <translation>die Antwort ist nicht die JSON-RPC-Antwort auf die Anfrage</translation>
    </message>
    <message>
        <source>the stream ended before the response</source>
        <translation>der Stream endete vor der Antwort</translation>
    </message>
</context>
<context>
    <name>McpToolListModel</name>
    <message>
        <source>read-only</source>
        <translation>nur lesend</translation>
    </message>
    <message>
        <source>destructive</source>
        <translation>zerstörend</translation>
    </message>
    <message>
        <source>idempotent</source>
        <translation>idempotent</translation>
    </message>
    <message>
        <source>closed world</source>
        <translation>geschlossene Welt</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Hints</source>
        <translation>Hinweise</translation>
    </message>
</context>
<context>
    <name>NewRunExportsPage</name>
    <message>
        <source>&amp;URL map (JSON)</source>
        <translation>&amp;URL-Zuordnung (JSON)</translation>
    </message>
    <message>
        <source>&amp;.env file</source>
        <translation>&amp;.env-Datei</translation>
    </message>
    <message>
        <source>&amp;mcpServers configs</source>
        <translation>&amp;mcpServers-Konfigurationen</translation>
    </message>
    <message>
        <source>&amp;Write files</source>
        <translation>Dateien &amp;schreiben</translation>
    </message>
    <message>
        <source>Exports</source>
        <translation>Exporte</translation>
    </message>
    <message>
        <source>One file per sandbox: github_1.json, local_1_1.json, …</source>
        <translation>Eine Datei je Sandbox: github_1.json, local_1_1.json, …</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Wählen …</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>Speichern unter</translation>
    </message>
    <message>
        <source>Tick at least one file, with a path.</source>
        <translation>Mindestens eine Datei mit Pfad ankreuzen.</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Wird geschrieben …</translation>
    </message>
    <message>
        <source>Written: %1</source>
        <translation>Geschrieben: %1</translation>
    </message>
    <message>
        <source>What an agent harness reads to reach the run&apos;s sandboxes. The files hold the MCP URLs with their tokens, so each is written readable by you alone.</source>
        <translation>Was ein Agent-Harness liest, um die Sandboxes des Laufs zu erreichen. Die Dateien enthalten die MCP-URLs mit ihren Tokens, daher wird jede nur für Sie lesbar geschrieben.</translation>
    </message>
</context>
<context>
    <name>NewRunPlanPage</name>
    <message>
        <source>Release after</source>
        <translation>Freigeben nach</translation>
    </message>
    <message>
        <source>Ask for capacity first (prepare)</source>
        <translation>Zuerst Kapazität anfragen (prepare)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>The name becomes the tag on every sandbox of the run, so the server can list them.</source>
        <translation>Der Name wird zum Tag jeder Sandbox des Laufs, damit der Server sie auflisten kann.</translation>
    </message>
    <message>
        <source>e.g. swe-eval-2026.11</source>
        <translation>z. B. swe-eval-2026.11</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <source>Unticked: the sandboxes stay until released.</source>
        <translation>Nicht angekreuzt: Die Sandboxes bleiben, bis sie freigegeben werden.</translation>
    </message>
    <message>
        <source>POST /sandbox/prepare for each server before the first acquire.</source>
        <translation>POST /sandbox/prepare für jeden Server vor der ersten Anforderung.</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Benchmark:</source>
        <translation>&amp;Benchmark:</translation>
    </message>
    <message>
        <source>Time to live:</source>
        <translation>Lebensdauer:</translation>
    </message>
</context>
<context>
    <name>NewRunProgressPage</name>
    <message>
        <source>&amp;Cancel run</source>
        <translation>Lauf &amp;abbrechen</translation>
    </message>
    <message>
        <source>&amp;Keep them</source>
        <translation>&amp;Behalten</translation>
    </message>
    <message>
        <source>Provisioning</source>
        <translation>Bereitstellung</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v von %m</translation>
    </message>
    <message>
        <source>Releasing the sandboxes of %1.</source>
        <translation>Die Sandboxes von %1 werden freigegeben.</translation>
    </message>
    <message>
        <source>Asking for capacity…</source>
        <translation>Kapazität wird angefragt …</translation>
    </message>
    <message>
        <source>Asking for capacity for %1…</source>
        <translation>Kapazität für %1 wird angefragt …</translation>
    </message>
    <message>
        <source>Acquiring %1…</source>
        <translation>%1 wird angefordert …</translation>
    </message>
    <message>
        <source>Cancelling: the acquire under way finishes, nothing after it is asked for.</source>
        <translation>Wird abgebrochen: Die laufende Anforderung wird beendet, danach wird nichts mehr angefordert.</translation>
    </message>
    <message numerus="yes">
        <source>%n rate-limited</source>
        <translation>
            <numerusform>%n durch Ratenlimit gebremst</numerusform>
            <numerusform>%n durch Ratenlimit gebremst</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %n sandbox(es) held.</source>
        <translation>
            <numerusform>Abgebrochen: %n Sandbox belegt.</numerusform>
            <numerusform>Abgebrochen: %n Sandboxes belegt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n sandbox(es) held.</source>
        <translation>
            <numerusform>Fertig: %n Sandbox belegt.</numerusform>
            <numerusform>Fertig: %n Sandboxes belegt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed.</source>
        <translation>
            <numerusform>%n fehlgeschlagen.</numerusform>
            <numerusform>%n fehlgeschlagen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n got no answer and may be held: the next start offers them to adopt or release.</source>
        <translation>
            <numerusform>%n erhielt keine Antwort und ist vielleicht belegt: Der nächste Start bietet an, sie zu übernehmen oder freizugeben.</numerusform>
            <numerusform>%n erhielten keine Antwort und sind vielleicht belegt: Der nächste Start bietet an, sie zu übernehmen oder freizugeben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run was cancelled while it held %n sandbox(es).</source>
        <translation>
            <numerusform>Der Lauf wurde abgebrochen, während er %n Sandbox belegte.</numerusform>
            <numerusform>Der Lauf wurde abgebrochen, während er %n Sandboxes belegte.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Release the %n acquired</source>
        <translation>
            <numerusform>Die %n angeforderte &amp;freigeben</numerusform>
            <numerusform>Die %n angeforderten &amp;freigeben</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NewRunSandboxesPage</name>
    <message>
        <source>&amp;Add local set</source>
        <translation>Lokale Gruppe &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Sandboxes</source>
        <translation>Sandboxes</translation>
    </message>
    <message>
        <source>How many sandboxes of each server, and which local sandboxes.</source>
        <translation>Wie viele Sandboxes je Server, und welche lokalen Sandboxes.</translation>
    </message>
    <message>
        <source>Filter servers; Enter goes to the count, Enter again comes back</source>
        <translation>Server filtern; Eingabe springt zur Anzahl, erneut Eingabe zurück</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>× </source>
        <translation>× </translation>
    </message>
    <message>
        <source>Servers of each local sandbox</source>
        <translation>Server jeder lokalen Sandbox</translation>
    </message>
    <message>
        <source>Klavis sandboxes (one server each)</source>
        <translation>Klavis-Sandboxes (je ein Server)</translation>
    </message>
    <message>
        <source>Local sandboxes (several servers and a workspace each)</source>
        <translation>Lokale Sandboxes (je mehrere Server und ein Arbeitsbereich)</translation>
    </message>
    <message>
        <source>Remove this local set</source>
        <translation>Diese lokale Gruppe entfernen</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es)</source>
        <translation>
            <numerusform>%n Sandbox</numerusform>
            <numerusform>%n Sandboxes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, about %2 at %3 requests/s</source>
        <translation>%1, etwa %2 bei %3 Anfragen/s</translation>
    </message>
</context>
<context>
    <name>NewRunSeedsPage</name>
    <message>
        <source>Choose…</source>
        <translation>Wählen …</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>Ordner …</translation>
    </message>
    <message>
        <source>Archive…</source>
        <translation>Archiv …</translation>
    </message>
    <message>
        <source>The plan has no local sandboxes.</source>
        <translation>Der Plan enthält keine lokalen Sandboxes.</translation>
    </message>
    <message>
        <source>Seeds (optional)</source>
        <translation>Startdaten (optional)</translation>
    </message>
    <message>
        <source>Data to initialize each sandbox with once it is acquired. A seed that fails leaves the sandbox held, with the reason beside it.</source>
        <translation>Daten, mit denen jede Sandbox nach der Anforderung initialisiert wird. Scheitert das, bleibt die Sandbox belegt, mit dem Grund daneben.</translation>
    </message>
    <message>
        <source>JSON: {&quot;github&quot;: {…}, &quot;slack&quot;: &quot;default&quot;}</source>
        <translation>JSON: {&quot;github&quot;: {…}, &quot;slack&quot;: &quot;default&quot;}</translation>
    </message>
    <message>
        <source>A folder or a .tar.gz</source>
        <translation>Ein Ordner oder eine .tar.gz-Datei</translation>
    </message>
    <message>
        <source>Seed data</source>
        <translation>Startdaten</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>Ordner des Arbeitsbereichs</translation>
    </message>
    <message>
        <source>Workspace archive</source>
        <translation>Archiv des Arbeitsbereichs</translation>
    </message>
    <message>
        <source>Archives (*.tar.gz *.tgz)</source>
        <translation>Archive (*.tar.gz *.tgz)</translation>
    </message>
    <message>
        <source>Per-server &amp;data:</source>
        <translation>&amp;Daten je Server:</translation>
    </message>
    <message>
        <source>Local &amp;workspace:</source>
        <translation>Lokaler &amp;Arbeitsbereich:</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 existiert nicht.</translation>
    </message>
    <message>
        <source>A workspace is a folder or a .tar.gz archive.</source>
        <translation>Ein Arbeitsbereich ist ein Ordner oder ein .tar.gz-Archiv.</translation>
    </message>
</context>
<context>
    <name>NewRunSummaryPage</name>
    <message>
        <source>Starting the run: checking its name and reading its files…</source>
        <translation>Der Lauf wird gestartet: Name wird geprüft, Dateien werden gelesen …</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Start asks for one sandbox after another within the rate limit. Cancel stops before the next one; the one asked for finishes.</source>
        <translation>Start fordert eine Sandbox nach der anderen im Rahmen des Ratenlimits an. Abbrechen hält vor der nächsten an; die angefragte wird noch beendet.</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>Run: %1 (the tag on each Klavis sandbox)</source>
        <translation>Lauf: %1 (das Tag jeder Klavis-Sandbox)</translation>
    </message>
    <message>
        <source>Benchmark: %1</source>
        <translation>Benchmark: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>Time to live: %1</source>
        <translation>Lebensdauer: %1</translation>
    </message>
    <message>
        <source>Time to live: none (held until released)</source>
        <translation>Lebensdauer: keine (belegt bis zur Freigabe)</translation>
    </message>
    <message>
        <source>Capacity is asked for first (prepare).</source>
        <translation>Zuerst wird Kapazität angefragt (prepare).</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 × local sandbox with %2</source>
        <translation>%1 × lokale Sandbox mit %2</translation>
    </message>
    <message>
        <source>Per-server data from %1</source>
        <translation>Daten je Server aus %1</translation>
    </message>
    <message>
        <source>Workspace for each local sandbox: %1</source>
        <translation>Arbeitsbereich für jede lokale Sandbox: %1</translation>
    </message>
</context>
<context>
    <name>NewRunWizard</name>
    <message>
        <source>New run</source>
        <translation>Neuer Lauf</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Runs are not available: the run ledger is not open.</source>
        <translation>Läufe sind nicht verfügbar: Das Laufbuch ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>Another run is being provisioned; wait for it to end.</source>
        <translation>Ein anderer Lauf wird gerade bereitgestellt; warten Sie, bis er endet.</translation>
    </message>
    <message>
        <source>The run was not started: %1</source>
        <translation>Der Lauf wurde nicht gestartet: %1</translation>
    </message>
    <message>
        <source>Stop the run?</source>
        <translation>Den Lauf anhalten?</translation>
    </message>
    <message>
        <source>The acquire under way finishes; nothing after it is asked for. You can then release or keep what the run holds.</source>
        <translation>Die laufende Anforderung wird beendet; danach wird nichts mehr angefordert. Anschließend können Sie freigeben oder behalten, was der Lauf belegt.</translation>
    </message>
    <message>
        <source>&amp;Stop the run</source>
        <translation>Lauf an&amp;halten</translation>
    </message>
    <message>
        <source>&amp;Keep provisioning</source>
        <translation>&amp;Weiter bereitstellen</translation>
    </message>
</context>
<context>
    <name>ObjectStoreReply</name>
    <message>
        <source>The connection to the storage failed (%1).</source>
        <translation>Die Verbindung zum Objektspeicher ist fehlgeschlagen (%1).</translation>
    </message>
    <message>
        <source>The storage answered HTTP %1.</source>
        <translation>Der Objektspeicher hat mit HTTP %1 geantwortet.</translation>
    </message>
    <message>
        <source>The storage refused the request (HTTP %1, %2): %3</source>
        <translation>Der Objektspeicher hat die Anfrage abgelehnt (HTTP %1, %2): %3</translation>
    </message>
</context>
<context>
    <name>ParallelGzipWriter</name>
    <message>
        <source>Could not write the compressed archive: %1</source>
        <translation>Das komprimierte Archiv konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Compression failed</source>
        <translation>Komprimierung fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>PreviewController</name>
    <message>
        <source>Connect to Blaxel to see a sandbox&apos;s previews.</source>
        <translation>Mit Blaxel verbinden, um die Vorschauen einer Sandbox zu sehen.</translation>
    </message>
</context>
<context>
    <name>PreviewCreateDialog</name>
    <message>
        <source>&amp;Public: anyone with the URL reaches the port</source>
        <translation>Ö&amp;ffentlich: Jeder mit der URL erreicht den Port</translation>
    </message>
    <message>
        <source>New Preview of %1</source>
        <translation>Neue Vorschau von %1</translation>
    </message>
    <message>
        <source>web</source>
        <translation>web</translation>
    </message>
    <message>
        <source>choose a port</source>
        <translation>Port wählen</translation>
    </message>
    <message>
        <source>e.g. 24h; empty: until deleted</source>
        <translation>z. B. 24h; leer: bis zum Löschen</translation>
    </message>
    <message>
        <source>&amp;Create</source>
        <translation>&amp;Anlegen</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;ort:</translation>
    </message>
    <message>
        <source>&amp;Lives for:</source>
        <translation>&amp;Lebensdauer:</translation>
    </message>
    <message>
        <source>Name the preview.</source>
        <translation>Der Vorschau einen Namen geben.</translation>
    </message>
    <message>
        <source>Choose the port the preview reaches.</source>
        <translation>Den Port wählen, den die Vorschau erreicht.</translation>
    </message>
</context>
<context>
    <name>PreviewTokenDialog</name>
    <message>
        <source>Token for %1</source>
        <translation>Token für %1</translation>
    </message>
    <message>
        <source>Shown once: SandboxDeck keeps the token nowhere. Valid until %1.</source>
        <translation>Nur einmal angezeigt: SandboxDeck speichert das Token nirgends. Gültig bis %1.</translation>
    </message>
    <message>
        <source>Token:</source>
        <translation>Token:</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>Co&amp;py</source>
        <translation>Ko&amp;pieren</translation>
    </message>
    <message>
        <source>&amp;Open in Browser</source>
        <translation>Im &amp;Browser öffnen</translation>
    </message>
</context>
<context>
    <name>PreviewsPane</name>
    <message>
        <source>&amp;New Preview…</source>
        <translation>&amp;Neue Vorschau …</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen …</translation>
    </message>
    <message>
        <source>&amp;Copy URL</source>
        <translation>URL &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <source>To&amp;ken…</source>
        <translation>&amp;Token …</translation>
    </message>
    <message>
        <source>Opens the preview&apos;s URL in the browser</source>
        <translation>Öffnet die URL der Vorschau im Browser</translation>
    </message>
    <message>
        <source>A token for a private preview, shown once</source>
        <translation>Ein Token für eine private Vorschau, nur einmal angezeigt</translation>
    </message>
    <message>
        <source>Demo: previews are listed and made as Blaxel does, but their URLs lead nowhere.</source>
        <translation>Demo: Vorschauen werden wie bei Blaxel aufgelistet und angelegt, aber ihre URLs führen nirgendwohin.</translation>
    </message>
    <message>
        <source>A preview is a URL on Blaxel&apos;s edge that reaches one port of the sandbox.</source>
        <translation>Eine Vorschau ist eine URL an Blaxels Edge, die einen Port der Sandbox erreicht.</translation>
    </message>
    <message>
        <source>Select one sandbox to see its previews.</source>
        <translation>Eine Sandbox auswählen, um ihre Vorschauen zu sehen.</translation>
    </message>
    <message>
        <source>A DEPLOYED sandbox has previews.</source>
        <translation>Eine Sandbox im Status DEPLOYED hat Vorschauen.</translation>
    </message>
    <message>
        <source>Delete Preview</source>
        <translation>Vorschau löschen</translation>
    </message>
    <message>
        <source>Delete the preview %1 of %2? Its URL stops working, for everyone who has it.</source>
        <translation>Die Vorschau %1 von %2 löschen? Ihre URL funktioniert dann für niemanden mehr, der sie hat.</translation>
    </message>
    <message>
        <source>New Token</source>
        <translation>Neues Token</translation>
    </message>
    <message>
        <source>A token for %1, valid for (hours):</source>
        <translation>Ein Token für %1, gültig für (Stunden):</translation>
    </message>
    <message>
        <source>No previews of %1 yet: New Preview… makes one.</source>
        <translation>Noch keine Vorschauen von %1: Neue Vorschau … legt eine an.</translation>
    </message>
</context>
<context>
    <name>ProcessController</name>
    <message>
        <source>Connect to Blaxel to see a sandbox&apos;s processes.</source>
        <translation>Mit Blaxel verbinden, um die Prozesse einer Sandbox zu sehen.</translation>
    </message>
</context>
<context>
    <name>ProcessStartDialog</name>
    <message>
        <source>Start a Process in %1</source>
        <translation>Einen Prozess in %1 starten</translation>
    </message>
    <message>
        <source>python3 -m http.server 8000</source>
        <translation>python3 -m http.server 8000</translation>
    </message>
    <message>
        <source>the sandbox&apos;s working folder</source>
        <translation>der Arbeitsordner der Sandbox</translation>
    </message>
    <message>
        <source>NAME=value, one per line</source>
        <translation>NAME=Wert, einer je Zeile</translation>
    </message>
    <message>
        <source>chosen by the sandbox</source>
        <translation>von der Sandbox gewählt</translation>
    </message>
    <message>
        <source>e.g. 8000, 8080</source>
        <translation>z. B. 8000, 8080</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>&amp;Befehl:</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Ordner:</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>&amp;Umgebung:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Wait for ports:</source>
        <translation>Auf &amp;Ports warten:</translation>
    </message>
    <message>
        <source>Type the command to start.</source>
        <translation>Den zu startenden Befehl eingeben.</translation>
    </message>
    <message>
        <source>The folder is a path in the sandbox, from / .</source>
        <translation>Der Ordner ist ein Pfad in der Sandbox, ab / .</translation>
    </message>
    <message>
        <source>A name is up to 64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;.</source>
        <translation>Ein Name besteht aus bis zu 64 Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; oder &apos;-&apos;.</translation>
    </message>
    <message>
        <source>Each environment line is NAME=value: &apos;%1&apos; is not.</source>
        <translation>Jede Umgebungszeile lautet NAME=Wert: &apos;%1&apos; nicht.</translation>
    </message>
    <message>
        <source>A port is a number from 1 to 65535: &apos;%1&apos; is not.</source>
        <translation>Ein Port ist eine Zahl von 1 bis 65535: &apos;%1&apos; nicht.</translation>
    </message>
</context>
<context>
    <name>ProcessesPane</name>
    <message>
        <source>St&amp;op</source>
        <translation>An&amp;halten</translation>
    </message>
    <message>
        <source>&amp;Kill</source>
        <translation>&amp;Beenden erzwingen</translation>
    </message>
    <message>
        <source>Asks the process to stop (SIGTERM), and kills it if it has not after a grace</source>
        <translation>Bittet den Prozess anzuhalten (SIGTERM) und beendet ihn zwangsweise, wenn er es nach einer Frist nicht getan hat</translation>
    </message>
    <message>
        <source>Kills the process at once (SIGKILL)</source>
        <translation>Beendet den Prozess sofort zwangsweise (SIGKILL)</translation>
    </message>
    <message>
        <source>Demo: processes run on this machine, as you, in the sandbox&apos;s folder.</source>
        <translation>Demo: Prozesse laufen auf diesem Rechner, als Sie, im Ordner der Sandbox.</translation>
    </message>
    <message>
        <source>The sandbox&apos;s processes, through Blaxel&apos;s process API.</source>
        <translation>Die Prozesse der Sandbox, über Blaxels Prozess-API.</translation>
    </message>
    <message>
        <source>Select one sandbox to see its processes.</source>
        <translation>Eine Sandbox auswählen, um ihre Prozesse zu sehen.</translation>
    </message>
    <message>
        <source>A DEPLOYED sandbox lists its processes.</source>
        <translation>Eine Sandbox im Status DEPLOYED listet ihre Prozesse auf.</translation>
    </message>
    <message>
        <source>No processes in %1 yet: Start… runs one.</source>
        <translation>Noch keine Prozesse in %1: Starten … startet einen.</translation>
    </message>
    <message>
        <source>St&amp;art…</source>
        <translation>St&amp;arten …</translation>
    </message>
    <message>
        <source>The process ended: this is its whole log.</source>
        <translation>Der Prozess ist beendet: Dies ist sein ganzes Protokoll.</translation>
    </message>
</context>
<context>
    <name>ProfileForm</name>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Custom URL…</source>
        <translation>Eigene URL …</translation>
    </message>
    <message>
        <source>United States (us)</source>
        <translation>Vereinigte Staaten (us)</translation>
    </message>
    <message>
        <source>Asia (asia)</source>
        <translation>Asien (asia)</translation>
    </message>
    <message>
        <source>Paste your Klavis API key</source>
        <translation>Klavis-API-Schlüssel einfügen</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Profile name</source>
        <translation>Profilname</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;API:</source>
        <translation>&amp;API:</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>&amp;Region:</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>Stored in the keychain; type to replace it</source>
        <translation>Im Schlüsselbund gespeichert; zum Ersetzen neu eingeben</translation>
    </message>
    <message>
        <source>Give the profile a name.</source>
        <translation>Dem Profil einen Namen geben.</translation>
    </message>
    <message>
        <source>Enter the API key (from your Klavis dashboard).</source>
        <translation>Den API-Schlüssel eingeben (aus dem Klavis-Dashboard).</translation>
    </message>
    <message>
        <source>Klavis</source>
        <translation>Klavis</translation>
    </message>
    <message>
        <source>Custom server</source>
        <translation>Eigener Server</translation>
    </message>
    <message>
        <source>Blaxel</source>
        <translation>Blaxel</translation>
    </message>
    <message>
        <source>Blaxel %1</source>
        <translation>Blaxel %1</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>The workspace name, as in `bl workspaces`</source>
        <translation>Der Workspace-Name, wie in `bl workspaces`</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Workspace</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>An&amp;bieter:</translation>
    </message>
    <message>
        <source>&amp;Workspace:</source>
        <translation>&amp;Workspace:</translation>
    </message>
    <message>
        <source>Paste your Blaxel API key</source>
        <translation>Blaxel-API-Schlüssel einfügen</translation>
    </message>
    <message>
        <source>The base URL must not contain a query (?...) or fragment (#...).</source>
        <translation>Die Basis-URL darf keine Abfrage (?...) und kein Fragment (#...) enthalten.</translation>
    </message>
    <message>
        <source>Enter the API key (from the Blaxel console, or import it from the Blaxel CLI).</source>
        <translation>Den API-Schlüssel eingeben (aus der Blaxel-Konsole, oder aus der Blaxel-CLI importieren).</translation>
    </message>
</context>
<context>
    <name>ProfileStore</name>
    <message>
        <source>A profile with this id already exists.</source>
        <translation>Ein Profil mit dieser ID existiert bereits.</translation>
    </message>
    <message>
        <source>This profile no longer exists.</source>
        <translation>Dieses Profil existiert nicht mehr.</translation>
    </message>
    <message>
        <source>Enter a name for the profile.</source>
        <translation>Einen Namen für das Profil eingeben.</translation>
    </message>
    <message>
        <source>A profile named &quot;%1&quot; already exists. Choose another name.</source>
        <translation>Ein Profil namens „%1“ existiert bereits. Einen anderen Namen wählen.</translation>
    </message>
    <message>
        <source>The base URL must not contain a query (?...) or fragment (#...).</source>
        <translation>Die Basis-URL darf keine Abfrage (?...) und kein Fragment (#...) enthalten.</translation>
    </message>
    <message>
        <source>The region must be &quot;us&quot; or &quot;asia&quot;.</source>
        <translation>Die Region muss „us“ oder „asia“ sein.</translation>
    </message>
    <message>
        <source>Enter the API&apos;s base URL, for example %1.</source>
        <translation>Die Basis-URL der API eingeben, zum Beispiel %1.</translation>
    </message>
    <message>
        <source>Enter the Blaxel workspace (its name, as in the Blaxel console or `bl workspaces`).</source>
        <translation>Den Blaxel-Workspace eingeben (seinen Namen, wie in der Blaxel-Konsole oder in `bl workspaces`).</translation>
    </message>
    <message>
        <source>A workspace name has at most %1 characters.</source>
        <translation>Ein Workspace-Name hat höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>A workspace name holds only letters, digits, &quot;-&quot;, &quot;_&quot; and &quot;.&quot;, and starts with a letter or digit.</source>
        <translation>Ein Workspace-Name enthält nur Buchstaben, Ziffern, „-“, „_“ und „.“ und beginnt mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
</context>
<context>
    <name>ProgressDelegate</name>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Failed at %1%</source>
        <translation>Fehlgeschlagen bei %1 %</translation>
    </message>
    <message>
        <source>Cancelled at %1%</source>
        <translation>Abgebrochen bei %1 %</translation>
    </message>
</context>
<context>
    <name>QMessageBox</name>
    <message>
        <source>Confirm</source>
        <translation>Bestätigen</translation>
    </message>
</context>
<context>
    <name>QuitConfirmation</name>
    <message>
        <source>Transfers running</source>
        <translation>Laufende Übertragungen</translation>
    </message>
    <message>
        <source>Cancel transfers and quit</source>
        <translation>Übertragungen abbrechen und beenden</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>Nothing half-written is kept.</source>
        <translation>Nichts Halbgeschriebenes bleibt zurück.</translation>
    </message>
    <message numerus="yes">
        <source>%n transfer(s) still running. Quitting cancels them.</source>
        <translation>
            <numerusform>%n Übertragung läuft noch. Beim Beenden wird sie abgebrochen.</numerusform>
            <numerusform>%n Übertragungen laufen noch. Beim Beenden werden sie abgebrochen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RawJsonView</name>
    <message>
        <source>Raw JSON</source>
        <translation>Rohes JSON</translation>
    </message>
</context>
<context>
    <name>ReconcileDialog</name>
    <message>
        <source>Interrupted acquires</source>
        <translation>Unterbrochene Anforderungen</translation>
    </message>
    <message>
        <source>An acquire was interrupted (the app or the CLI stopped, or the answer was lost). The server may hold sandboxes the ledger does not know. Adopt what the run should keep, release the rest; what you leave at &quot;Decide later&quot; is asked about again at the next start.</source>
        <translation>Eine Anforderung wurde unterbrochen (die App oder die CLI wurde beendet, oder die Antwort ging verloren). Der Server belegt vielleicht Sandboxes, die das Laufbuch nicht kennt. Übernehmen Sie, was der Lauf behalten soll, und geben Sie den Rest frei; was bei „Später entscheiden“ bleibt, wird beim nächsten Start erneut angeboten.</translation>
    </message>
    <message>
        <source>The check is incomplete: %1</source>
        <translation>Die Prüfung ist unvollständig: %1</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Seit</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Abandon</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Sandboxes the server holds for an interrupted acquire:</source>
        <translation>Sandboxes, die der Server für eine unterbrochene Anforderung belegt:</translation>
    </message>
    <message>
        <source>Interrupted acquires the server holds nothing for:</source>
        <translation>Unterbrochene Anforderungen, für die der Server nichts belegt:</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Anwenden</translation>
    </message>
    <message>
        <source>&amp;Decide later</source>
        <translation>&amp;Später entscheiden</translation>
    </message>
    <message>
        <source>local: %1</source>
        <translation>lokal: %1</translation>
    </message>
    <message>
        <source>Decide later</source>
        <translation>Später entscheiden</translation>
    </message>
    <message>
        <source>Adopt</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>Nothing was held</source>
        <translation>Nichts war belegt</translation>
    </message>
    <message>
        <source>Closes the intent: the server holds no sandbox for it.</source>
        <translation>Schließt die Absicht: Der Server belegt keine Sandbox dafür.</translation>
    </message>
</context>
<context>
    <name>RefreshIntervalChoice</name>
    <message>
        <source>&amp;Auto-refresh</source>
        <translation>&amp;Automatisch aktualisieren</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Every %1 s</source>
        <translation>Alle %1 s</translation>
    </message>
    <message>
        <source>Auto-refresh interval</source>
        <translation>Intervall der automatischen Aktualisierung</translation>
    </message>
    <message>
        <source>Auto-refresh off</source>
        <translation>Automatische Aktualisierung aus</translation>
    </message>
</context>
<context>
    <name>RelativeTime</name>
    <message>
        <source>in the future</source>
        <translation>in der Zukunft</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>vor %1 Min.</translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation>vor %1 Std.</translation>
    </message>
    <message>
        <source>%1 d ago</source>
        <translation>vor %1 Tg.</translation>
    </message>
</context>
<context>
    <name>ReleaseWording</name>
    <message>
        <source>Release %1 back to the pool?</source>
        <translation>%1 an den Pool zurückgeben?</translation>
    </message>
    <message numerus="yes">
        <source>Release %n sandboxes back to the pool?</source>
        <translation>
            <numerusform>%n Sandbox an den Pool zurückgeben?</numerusform>
            <numerusform>%n Sandboxes an den Pool zurückgeben?</numerusform>
        </translation>
    </message>
    <message>
        <source>Reset %1?</source>
        <translation>%1 zurücksetzen?</translation>
    </message>
    <message numerus="yes">
        <source>Reset %n sandboxes?</source>
        <translation>
            <numerusform>%n Sandbox zurücksetzen?</numerusform>
            <numerusform>%n Sandboxes zurücksetzen?</numerusform>
        </translation>
    </message>
    <message>
        <source>Agents using its MCP URLs lose access, and the data in it is reset for the next user.</source>
        <translation>Agenten, die ihre MCP-URLs nutzen, verlieren den Zugriff, und die Daten darin werden für den nächsten Benutzer zurückgesetzt.</translation>
    </message>
    <message>
        <source>Agents using their MCP URLs lose access, and the data in them is reset for the next user.</source>
        <translation>Agenten, die ihre MCP-URLs nutzen, verlieren den Zugriff, und die Daten darin werden für den nächsten Benutzer zurückgesetzt.</translation>
    </message>
    <message>
        <source>Its data goes back to the initial state; it stays acquired.</source>
        <translation>Ihre Daten kehren in den Anfangszustand zurück; sie bleibt angefordert.</translation>
    </message>
    <message>
        <source>Their data goes back to the initial state; they stay acquired.</source>
        <translation>Ihre Daten kehren in den Anfangszustand zurück; sie bleiben angefordert.</translation>
    </message>
    <message>
        <source>Release local sandbox %1?</source>
        <translation>Lokale Sandbox %1 freigeben?</translation>
    </message>
    <message numerus="yes">
        <source>Release %n local sandboxes?</source>
        <translation>
            <numerusform>%n lokale Sandbox freigeben?</numerusform>
            <numerusform>%n lokale Sandboxes freigeben?</numerusform>
        </translation>
    </message>
    <message>
        <source>Reset local sandbox %1?</source>
        <translation>Lokale Sandbox %1 zurücksetzen?</translation>
    </message>
    <message numerus="yes">
        <source>Reset %n local sandboxes?</source>
        <translation>
            <numerusform>%n lokale Sandbox zurücksetzen?</numerusform>
            <numerusform>%n lokale Sandboxes zurücksetzen?</numerusform>
        </translation>
    </message>
    <message>
        <source>The VM and its workspace are discarded; save a dump first if you need it.</source>
        <translation>Die VM und ihr Arbeitsbereich werden verworfen; bei Bedarf vorher einen Dump speichern.</translation>
    </message>
    <message>
        <source>The VMs and their workspaces are discarded; save dumps first if you need them.</source>
        <translation>Die VMs und ihre Arbeitsbereiche werden verworfen; bei Bedarf vorher Dumps speichern.</translation>
    </message>
    <message>
        <source>Its workspace is emptied; it stays acquired.</source>
        <translation>Ihr Arbeitsbereich wird geleert; sie bleibt angefordert.</translation>
    </message>
    <message>
        <source>Their workspaces are emptied; they stay acquired.</source>
        <translation>Ihre Arbeitsbereiche werden geleert; sie bleiben angefordert.</translation>
    </message>
    <message numerus="yes">
        <source>Release %n sandboxes?</source>
        <translation>
            <numerusform>%n Sandbox freigeben?</numerusform>
            <numerusform>%n Sandboxes freigeben?</numerusform>
        </translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Release %1</source>
        <translation>%1 &amp;freigeben</translation>
    </message>
    <message>
        <source>&amp;Release</source>
        <translation>&amp;Freigeben</translation>
    </message>
    <message>
        <source>Re&amp;set %1</source>
        <translation>%1 &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Re&amp;set</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
</context>
<context>
    <name>RevealSecretsButton</name>
    <message>
        <source>Hide secrets</source>
        <translation>Geheimnisse verbergen</translation>
    </message>
    <message>
        <source>Reveal secrets</source>
        <translation>Geheimnisse anzeigen</translation>
    </message>
</context>
<context>
    <name>RowExportFile</name>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export Visible Rows</source>
        <translation>Sichtbare Zeilen exportieren</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>RunCoordinator</name>
    <message>
        <source>The run ledger could not be opened, so nothing is recorded: %1</source>
        <translation>Das Laufbuch konnte nicht geöffnet werden, daher wird nichts aufgezeichnet: %1</translation>
    </message>
    <message>
        <source>A release is under way; %1 waits until it has ended.</source>
        <translation>Eine Freigabe läuft; %1 wartet, bis sie beendet ist.</translation>
    </message>
    <message>
        <source>%1: released %2</source>
        <translation>%1: %2 freigegeben</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n sandbox(es) released.</source>
        <translation>
            <numerusform>%1: %n Sandbox freigegeben.</numerusform>
            <numerusform>%1: %n Sandboxes freigegeben.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 released, %3 could not be released.</source>
        <translation>%1: %2 freigegeben, %3 konnten nicht freigegeben werden.</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Leaks</source>
        <translation>Lecks</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Adopted %1 into run %2</source>
        <translation>%1 in den Lauf %2 übernommen</translation>
    </message>
    <message>
        <source>Released leftover %1 of run %2</source>
        <translation>Übrig gebliebene %1 des Laufs %2 freigegeben</translation>
    </message>
    <message>
        <source>Closed an interrupted acquire the server held nothing for</source>
        <translation>Eine unterbrochene Anforderung geschlossen, für die der Server nichts belegte</translation>
    </message>
</context>
<context>
    <name>RunLeaksPanel</name>
    <message>
        <source>Release All Leaks…</source>
        <translation>Alle Lecks freigeben …</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Held longer than</source>
        <translation>Länger belegt als</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <source>days</source>
        <translation>Tage</translation>
    </message>
    <message>
        <source>&lt;b&gt;Leaks&lt;/b&gt;</source>
        <translation>&lt;b&gt;Lecks&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Held longer than:</source>
        <translation>Länger belegt als:</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>keine gefunden</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) held that no open run claims, past their TTL or held too long</source>
        <translation>
            <numerusform>%n belegte Sandbox, die kein offener Lauf beansprucht, deren Lebensdauer abgelaufen ist oder die zu lange belegt ist</numerusform>
            <numerusform>%n belegte Sandboxes, die kein offener Lauf beansprucht, deren Lebensdauer abgelaufen ist oder die zu lange belegt sind</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weitere</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release %n leaked sandbox(es)?</source>
        <translation>
            <numerusform>%n verwaiste Sandbox freigeben?</numerusform>
            <numerusform>%n verwaiste Sandboxes freigeben?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunListModel</name>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Sandboxes</source>
        <translation>Sandboxes</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Verbleibend</translation>
    </message>
    <message>
        <source>Sandboxes the server lists with this tag; the run ledger does not know the run.</source>
        <translation>Sandboxes, die der Server mit diesem Tag auflistet; das Laufbuch kennt den Lauf nicht.</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>importiert</translation>
    </message>
    <message>
        <source>not in the ledger</source>
        <translation>nicht im Laufbuch</translation>
    </message>
    <message>
        <source>provisioning</source>
        <translation>wird bereitgestellt</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>released</source>
        <translation>freigegeben</translation>
    </message>
    <message>
        <source>held</source>
        <translation>belegt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>abgelaufen</translation>
    </message>
    <message>
        <source>Klavis</source>
        <translation>Klavis</translation>
    </message>
    <message>
        <source>Klavis local</source>
        <translation>Klavis lokal</translation>
    </message>
    <message>
        <source>Blaxel</source>
        <translation>Blaxel</translation>
    </message>
    <message>
        <source>Klavis universe</source>
        <translation>Klavis-Universum</translation>
    </message>
</context>
<context>
    <name>RunManifestFiles</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>RunProgressModel</name>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>acquiring</source>
        <translation>wird angefordert</translation>
    </message>
    <message>
        <source>rate limited, waiting</source>
        <translation>Ratenlimit, wartet</translation>
    </message>
    <message>
        <source>seeding</source>
        <translation>wird befüllt</translation>
    </message>
    <message>
        <source>acquired</source>
        <translation>angefordert</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>no answer: may be held</source>
        <translation>keine Antwort: vielleicht belegt</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>local %1 #%2: %3</source>
        <translation>lokal %1 #%2: %3</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
</context>
<context>
    <name>RunSandboxesTable</name>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Acquired</source>
        <translation>Angefordert</translation>
    </message>
    <message>
        <source>Released</source>
        <translation>Freigegeben</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Verbleibend</translation>
    </message>
</context>
<context>
    <name>RunsPage</name>
    <message>
        <source>No runs yet. Start one with New run… or the CLI&apos;s run create.</source>
        <translation>Noch keine Läufe. Starten Sie einen mit „Neuer Lauf …“ oder mit run create der CLI.</translation>
    </message>
    <message>
        <source>&amp;Release All…</source>
        <translation>Alle &amp;freigeben …</translation>
    </message>
    <message>
        <source>Re&amp;set All…</source>
        <translation>Alle &amp;zurücksetzen …</translation>
    </message>
    <message>
        <source>&amp;Dump Local Workspaces…</source>
        <translation>Dumps der lokalen Arbeitsbereiche &amp;speichern …</translation>
    </message>
    <message>
        <source>E&amp;xport Manifest…</source>
        <translation>Manifest e&amp;xportieren …</translation>
    </message>
    <message>
        <source>&amp;Import Manifest…</source>
        <translation>Manifest &amp;importieren …</translation>
    </message>
    <message>
        <source>Release every sandbox the selected run holds, after one question</source>
        <translation>Jede Sandbox des ausgewählten Laufs nach einer Rückfrage freigeben</translation>
    </message>
    <message>
        <source>Reset every sandbox the selected run holds to its initial data</source>
        <translation>Jede Sandbox des ausgewählten Laufs auf ihre Anfangsdaten zurücksetzen</translation>
    </message>
    <message>
        <source>Save the workspace of each local sandbox of the run into a folder, one archive each</source>
        <translation>Den Arbeitsbereich jeder lokalen Sandbox des Laufs in einem Ordner speichern, je ein Archiv</translation>
    </message>
    <message>
        <source>Write the run&apos;s manifest: a JSON record of its sandboxes and transfers, no secrets</source>
        <translation>Das Manifest des Laufs schreiben: ein JSON-Protokoll seiner Sandboxes und Übertragungen, ohne Geheimnisse</translation>
    </message>
    <message>
        <source>Show a past run from its manifest file, read-only</source>
        <translation>Einen früheren Lauf aus seiner Manifestdatei anzeigen, schreibgeschützt</translation>
    </message>
    <message>
        <source>Filter runs</source>
        <translation>Läufe filtern</translation>
    </message>
    <message>
        <source>Wrote the manifest to %1.</source>
        <translation>Das Manifest wurde nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>Cannot write the manifest: %1</source>
        <translation>Das Manifest kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Cannot import the manifest: %1</source>
        <translation>Das Manifest kann nicht importiert werden: %1</translation>
    </message>
    <message>
        <source>Showing run %1 from its manifest (imported, read-only).</source>
        <translation>Lauf %1 aus seinem Manifest (importiert, schreibgeschützt).</translation>
    </message>
    <message>
        <source>Cannot read the runs: %1</source>
        <translation>Die Läufe können nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weitere</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release all %n sandbox(es) of run %1?</source>
        <translation>
            <numerusform>Die %n Sandbox des Laufs %1 freigeben?</numerusform>
            <numerusform>Alle %n Sandboxes des Laufs %1 freigeben?</numerusform>
        </translation>
    </message>
    <message>
        <source>Dump the Run&apos;s Workspaces Into</source>
        <translation>Dumps der Arbeitsbereiche des Laufs speichern in</translation>
    </message>
    <message numerus="yes">
        <source>Queued %n workspace dump(s) into %1.</source>
        <translation>
            <numerusform>%n Dump eines Arbeitsbereichs nach %1 eingereiht.</numerusform>
            <numerusform>%n Dumps von Arbeitsbereichen nach %1 eingereiht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export Manifest</source>
        <translation>Manifest exportieren</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>Only a run of the ledger or an imported one has a manifest.</source>
        <translation>Nur ein Lauf des Laufbuchs oder ein importierter hat ein Manifest.</translation>
    </message>
    <message>
        <source>Import Manifest</source>
        <translation>Manifest importieren</translation>
    </message>
    <message>
        <source>Universe instances have no reset: they are re-initialized on release</source>
        <translation>Universum-Instanzen lassen sich nicht zurücksetzen: beim Freigeben werden sie neu initialisiert</translation>
    </message>
    <message>
        <source>This ledger has no run named %1: these sandboxes were found only by their tag, and may be someone else&apos;s.</source>
        <translation>Dieses Laufbuch kennt keinen Lauf namens %1: Diese Sandboxes wurden nur über ihr Tag gefunden und gehören vielleicht jemand anderem.</translation>
    </message>
</context>
<context>
    <name>SandboxDataPage</name>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Dump</source>
        <translation>Abrufen</translation>
    </message>
    <message>
        <source>Save dump…</source>
        <translation>Abzug speichern…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Read the server&apos;s data in this sandbox now</source>
        <translation>Die Daten des Servers in dieser Sandbox jetzt lesen</translation>
    </message>
    <message>
        <source>Save the dump shown as a JSON file</source>
        <translation>Den angezeigten Abzug als JSON-Datei speichern</translation>
    </message>
    <message>
        <source>Initialize</source>
        <translation>Initialisieren</translation>
    </message>
    <message>
        <source>From a JSON file…</source>
        <translation>Aus einer JSON-Datei…</translation>
    </message>
    <message>
        <source>With the default data</source>
        <translation>Mit den Standarddaten</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>The sandbox now with a saved dump…</source>
        <translation>Die Sandbox jetzt mit einem gespeicherten Abzug…</translation>
    </message>
    <message>
        <source>Two saved dumps…</source>
        <translation>Zwei gespeicherte Abzüge…</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Could not save the dump.</source>
        <translation>Der Abzug konnte nicht gespeichert werden.</translation>
    </message>
    <message>
        <source>Dumped %1.</source>
        <translation>Abgerufen %1.</translation>
    </message>
    <message>
        <source>The %1 data was initialized.</source>
        <translation>Die %1-Daten wurden initialisiert.</translation>
    </message>
    <message>
        <source>Not sent: the data does not match the %1 schema.</source>
        <translation>Nicht gesendet: die Daten passen nicht zum %1-Schema.</translation>
    </message>
    <message>
        <source>The data breaks the %1 schema here; nothing was sent:</source>
        <translation>Die Daten verletzen hier das %1-Schema; nichts wurde gesendet:</translation>
    </message>
    <message>
        <source>The server refused these fields:</source>
        <translation>Der Server lehnte diese Felder ab:</translation>
    </message>
    <message>
        <source>Choose a sandbox to see its server&apos;s data.</source>
        <translation>Eine Sandbox wählen, um die Daten ihres Servers zu sehen.</translation>
    </message>
    <message>
        <source>%1 data in sandbox %2</source>
        <translation>%1-Daten in Sandbox %2</translation>
    </message>
    <message>
        <source>The %1 server has no data endpoints: its data cannot be dumped or initialized through the API.</source>
        <translation>Der Server %1 hat keine Datenendpunkte: seine Daten lassen sich über die API weder abrufen noch initialisieren.</translation>
    </message>
    <message>
        <source>Not dumped yet in this session.</source>
        <translation>In dieser Sitzung noch nicht abgerufen.</translation>
    </message>
    <message>
        <source>Save the dump</source>
        <translation>Abzug speichern</translation>
    </message>
    <message>
        <source>Initialize from a JSON file</source>
        <translation>Aus einer JSON-Datei initialisieren</translation>
    </message>
    <message>
        <source>Compare with a saved dump</source>
        <translation>Mit einem gespeicherten Abzug vergleichen</translation>
    </message>
    <message>
        <source>The earlier dump</source>
        <translation>Der frühere Abzug</translation>
    </message>
    <message>
        <source>The later dump</source>
        <translation>Der spätere Abzug</translation>
    </message>
    <message>
        <source>Stale: dumped %1, and the sandbox changed at %2 (a reset or an initialize). Dump again to see its data now.</source>
        <translation>Veraltet: abgerufen %1, und die Sandbox hat sich um %2 geändert (Zurücksetzen oder Initialisieren). Erneut abrufen, um ihre aktuellen Daten zu sehen.</translation>
    </message>
    <message>
        <source>The tree shows the data as it was at the dump, not as it is.</source>
        <translation>Der Baum zeigt die Daten zum Zeitpunkt des Abrufs, nicht wie sie jetzt sind.</translation>
    </message>
</context>
<context>
    <name>SandboxDetailsPane</name>
    <message>
        <source>Loading details…</source>
        <translation>Details werden geladen …</translation>
    </message>
    <message>
        <source>sandbox ID</source>
        <translation>Sandbox-ID</translation>
    </message>
    <message>
        <source>Sandbox ID:</source>
        <translation>Sandbox-ID:</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>Benchmark:</source>
        <translation>Benchmark:</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>Tags:</translation>
    </message>
    <message>
        <source>Updated:</source>
        <translation>Aktualisiert:</translation>
    </message>
    <message>
        <source>MCP server</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>No MCP URL in this response.</source>
        <translation>Keine MCP-URL in dieser Antwort.</translation>
    </message>
    <message>
        <source>Copy MCP client config</source>
        <translation>MCP-Client-Konfiguration kopieren</translation>
    </message>
    <message>
        <source>Copy {&quot;mcpServers&quot;: …} to paste into an MCP client&apos;s configuration.</source>
        <translation>{&quot;mcpServers&quot;: …} kopieren, um es in die Konfiguration eines MCP-Clients einzufügen.</translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation>Geheimnisse</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Metadaten</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keiner</translation>
    </message>
    <message>
        <source>Auth data</source>
        <translation>Anmeldedaten</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>vor %n Minute</numerusform>
            <numerusform>vor %n Minuten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>vor %n Stunde</numerusform>
            <numerusform>vor %n Stunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) ago</source>
        <translation>
            <numerusform>vor %n Tag</numerusform>
            <numerusform>vor %n Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Select a sandbox to see its details</source>
        <translation>Eine Sandbox auswählen, um ihre Details zu sehen</translation>
    </message>
    <message>
        <source>Acquire one with the Acquire button if the list is empty.</source>
        <translation>Ist die Liste leer, mit der Schaltfläche „Anfordern“ eine anfordern.</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) selected</source>
        <translation>
            <numerusform>%n Sandbox ausgewählt</numerusform>
            <numerusform>%n Sandboxes ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>Release or reset them together from the toolbar or the context menu, or copy one MCP client config with all their URLs.</source>
        <translation>Über die Werkzeugleiste oder das Kontextmenü gemeinsam freigeben oder zurücksetzen, oder eine MCP-Client-Konfiguration mit allen ihren URLs kopieren.</translation>
    </message>
    <message>
        <source>MCP server URL (%1)</source>
        <translation>MCP-Server-URL (%1)</translation>
    </message>
    <message>
        <source>%1 is no longer listed</source>
        <translation>%1 ist nicht mehr aufgeführt</translation>
    </message>
    <message>
        <source>It was released, expired or deleted since it was selected.</source>
        <translation>Sie wurde freigegeben, ist abgelaufen oder wurde gelöscht, seit sie ausgewählt wurde.</translation>
    </message>
    <message>
        <source>Click a tag to show the sandboxes that carry it (from the keyboard: the tag filter above the list).</source>
        <translation>Klicken Sie auf ein Tag, um die Sandboxes mit diesem Tag zu zeigen (mit der Tastatur: der Tag-Filter über der Liste).</translation>
    </message>
</context>
<context>
    <name>SandboxFilterBar</name>
    <message>
        <source>Search id, server, status, benchmark, tag…  (Ctrl+F)</source>
        <translation>ID, Server, Status, Benchmark, Tag suchen …  (Strg+F)</translation>
    </message>
    <message>
        <source>Search sandboxes</source>
        <translation>Sandboxes durchsuchen</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>Statusfilter</translation>
    </message>
    <message>
        <source>Any server</source>
        <translation>Jeder Server</translation>
    </message>
    <message>
        <source>Server filter</source>
        <translation>Serverfilter</translation>
    </message>
    <message>
        <source>Any benchmark</source>
        <translation>Jeder Benchmark</translation>
    </message>
    <message>
        <source>Benchmark filter</source>
        <translation>Benchmarkfilter</translation>
    </message>
    <message>
        <source>Any tag</source>
        <translation>Jedes Tag</translation>
    </message>
    <message>
        <source>Tag filter</source>
        <translation>Tagfilter</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es)</source>
        <translation>
            <numerusform>%n Sandbox</numerusform>
            <numerusform>%n Sandboxes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation>%1 von %2 angezeigt</translation>
    </message>
</context>
<context>
    <name>SandboxListModel</name>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Sandbox ID</source>
        <translation>Sandbox-ID</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Aktualisiert</translation>
    </message>
</context>
<context>
    <name>SandboxListPage</name>
    <message>
        <source>&amp;Copy %1 IDs</source>
        <translation>%1 &amp;IDs kopieren</translation>
    </message>
    <message>
        <source>&amp;Copy ID</source>
        <translation>&amp;ID kopieren</translation>
    </message>
    <message>
        <source>Select an occupied sandbox.</source>
        <translation>Eine belegte Sandbox auswählen.</translation>
    </message>
    <message>
        <source>Nothing in the selection is occupied: an idle or failed sandbox has no lease to give back or data to reset.</source>
        <translation>Nichts in der Auswahl ist belegt: Eine freie oder fehlerhafte Sandbox hat keine Belegung zum Freigeben und keine Daten zum Zurücksetzen.</translation>
    </message>
    <message>
        <source>&amp;Edit Tags and TTL…</source>
        <translation>Tags und TTL &amp;bearbeiten …</translation>
    </message>
    <message>
        <source>Klavis cannot change a sandbox&apos;s tags or TTL once it is acquired: release it and acquire another with the tags and TTL you want.</source>
        <translation>Klavis kann Tags oder TTL einer belegten Sandbox nicht ändern: Geben Sie sie frei und belegen Sie eine andere mit den gewünschten Tags und der TTL.</translation>
    </message>
</context>
<context>
    <name>SandboxTable</name>
    <message>
        <source>Columns</source>
        <translation>Spalten</translation>
    </message>
</context>
<context>
    <name>SandboxWorkTabs</name>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation>Untersuchen</translation>
    </message>
    <message>
        <source>Connect to the sandbox&apos;s MCP server, list its tools and call them</source>
        <translation>Mit dem MCP-Server der Sandbox verbinden, seine Werkzeuge auflisten und aufrufen</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>&amp;Server:</translation>
    </message>
    <message>
        <source>Select one sandbox with an MCP server URL to inspect it.</source>
        <translation>Eine Sandbox mit MCP-Server-URL wählen, um sie zu untersuchen.</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Dump, seed and compare the data of the sandbox&apos;s server</source>
        <translation>Die Daten des Sandbox-Servers abrufen, befüllen und vergleichen</translation>
    </message>
    <message>
        <source>%1, as first listed at %2</source>
        <translation>%1, wie um %2 zuerst aufgelistet</translation>
    </message>
    <message>
        <source>Executions</source>
        <translation>Ausführungen</translation>
    </message>
    <message>
        <source>Run a folder&apos;s main.py in the sandbox and follow its log</source>
        <translation>Die main.py eines Ordners in der Sandbox ausführen und ihrem Protokoll folgen</translation>
    </message>
</context>
<context>
    <name>SandboxesPage</name>
    <message>
        <source>Could not refresh the sandbox list</source>
        <translation>Die Sandbox-Liste konnte nicht aktualisiert werden</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard.</source>
        <translation>%1 in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>No sandboxes. Acquire one with Ctrl+N.</source>
        <translation>Keine Sandboxes. Mit Strg+N eine anfordern.</translation>
    </message>
    <message>
        <source>Acquiring…</source>
        <translation>Wird angefordert …</translation>
    </message>
    <message>
        <source>Acquired %1 sandbox %2.</source>
        <translation>%1-Sandbox %2 angefordert.</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n sandbox id(s).</source>
        <translation>
            <numerusform>%n Sandbox-ID kopiert.</numerusform>
            <numerusform>%n Sandbox-IDs kopiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>No MCP URLs to copy: the selected sandboxes have none.</source>
        <translation>Keine MCP-URLs zum Kopieren: Die ausgewählten Sandboxes haben keine.</translation>
    </message>
    <message>
        <source>Copied MCP client config; %1 sandbox(es) could not be read.</source>
        <translation>MCP-Client-Konfiguration kopiert; %1 Sandbox(es) konnte(n) nicht gelesen werden.</translation>
    </message>
    <message numerus="yes">
        <source>Copied MCP client config for %n server(s).</source>
        <translation>
            <numerusform>MCP-Client-Konfiguration für %n Server kopiert.</numerusform>
            <numerusform>MCP-Client-Konfiguration für %n Server kopiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Filters cleared to show the new sandbox %1.</source>
        <translation>Filter aufgehoben, um die neue Sandbox %1 anzuzeigen.</translation>
    </message>
    <message>
        <source>Filters cleared to show the new %1 sandbox.</source>
        <translation>Filter aufgehoben, um die neue %1-Sandbox anzuzeigen.</translation>
    </message>
    <message>
        <source>Select an occupied sandbox: its MCP URL goes into the config.</source>
        <translation>Eine belegte Sandbox auswählen: Ihre MCP-URL kommt in die Konfiguration.</translation>
    </message>
    <message>
        <source>The selection holds no occupied sandbox: an idle or failed one has no MCP URL.</source>
        <translation>Die Auswahl enthält keine belegte Sandbox: Eine freie oder fehlerhafte hat keine MCP-URL.</translation>
    </message>
    <message>
        <source>Sandbox %1 is %2: its data went with its lease. Only an occupied sandbox has data to dump or seed.</source>
        <translation>Sandbox %1 ist %2: Ihre Daten gingen mit ihrer Belegung. Nur eine belegte Sandbox hat Daten zum Abrufen oder Befüllen.</translation>
    </message>
    <message>
        <source>No Klavis account yet</source>
        <translation>Noch kein Klavis-Konto</translation>
    </message>
    <message>
        <source>Add a profile with your Klavis API key in Settings to list and acquire sandboxes, or look around first in the built-in demo.</source>
        <translation>In den Einstellungen ein Profil mit Ihrem Klavis-API-Schlüssel hinzufügen, um Sandboxes aufzulisten und anzufordern, oder sich zuerst in der eingebauten Demo umsehen.</translation>
    </message>
</context>
<context>
    <name>SchemaField</name>
    <message>
        <source>(not set)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>any JSON value</source>
        <translation>beliebiger JSON-Wert</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>Send null for %1</source>
        <translation>null für %1 senden</translation>
    </message>
    <message>
        <source>required</source>
        <translation>erforderlich</translation>
    </message>
    <message>
        <source>not a whole number</source>
        <translation>keine ganze Zahl</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>keine Zahl</translation>
    </message>
</context>
<context>
    <name>SchemaFieldSpec</name>
    <message>
        <source>must be more than %1</source>
        <translation>muss größer als %1 sein</translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation>muss mindestens %1 sein</translation>
    </message>
    <message>
        <source>must be less than %1</source>
        <translation>muss kleiner als %1 sein</translation>
    </message>
    <message>
        <source>must be at most %1</source>
        <translation>darf höchstens %1 sein</translation>
    </message>
    <message numerus="yes">
        <source>needs at least %n character(s)</source>
        <translation>
            <numerusform>braucht mindestens %n Zeichen</numerusform>
            <numerusform>braucht mindestens %n Zeichen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>allows at most %n character(s)</source>
        <translation>
            <numerusform>erlaubt höchstens %n Zeichen</numerusform>
            <numerusform>erlaubt höchstens %n Zeichen</numerusform>
        </translation>
    </message>
    <message>
        <source>does not match the pattern %1</source>
        <translation>passt nicht zum Muster %1</translation>
    </message>
</context>
<context>
    <name>SchemaForm</name>
    <message>
        <source>This tool takes no arguments.</source>
        <translation>Dieses Werkzeug nimmt keine Argumente.</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
</context>
<context>
    <name>SchemaListEditor</name>
    <message>
        <source>Add item</source>
        <translation>Eintrag hinzufügen</translation>
    </message>
    <message>
        <source>Remove this item</source>
        <translation>Diesen Eintrag entfernen</translation>
    </message>
    <message>
        <source>not a whole number</source>
        <translation>keine ganze Zahl</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>keine Zahl</translation>
    </message>
    <message>
        <source>item %1: %2</source>
        <translation>Eintrag %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>needs at least %n item(s)</source>
        <translation>
            <numerusform>braucht mindestens %n Eintrag</numerusform>
            <numerusform>braucht mindestens %n Einträge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>allows at most %n item(s)</source>
        <translation>
            <numerusform>erlaubt höchstens %n Eintrag</numerusform>
            <numerusform>erlaubt höchstens %n Einträge</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SecretFile</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot make %1 readable by you alone: %2</source>
        <translation>%1 kann nicht nur für Sie lesbar gemacht werden: %2</translation>
    </message>
</context>
<context>
    <name>SecretTree</name>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message numerus="yes">
        <source>{%n key(s)}</source>
        <translation>
            <numerusform>{%n Schlüssel}</numerusform>
            <numerusform>{%n Schlüssel}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n Element]</numerusform>
            <numerusform>[%n Elemente]</numerusform>
        </translation>
    </message>
    <message>
        <source>value of “%1”</source>
        <translation>Wert von „%1“</translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation>Wert kopieren</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>Schlüssel kopieren</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Schlüssel</translation>
    </message>
</context>
<context>
    <name>SelectionSummaryPage</name>
    <message>
        <source>Copy MCP client config</source>
        <translation>MCP-Client-Konfiguration kopieren</translation>
    </message>
</context>
<context>
    <name>ServerDataController</name>
    <message>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Dumping the %1 data…</source>
        <translation>Die %1-Daten werden abgerufen…</translation>
    </message>
    <message>
        <source>Could not dump the %1 data</source>
        <translation>Die %1-Daten konnten nicht abgerufen werden</translation>
    </message>
    <message>
        <source>Checking the data against the %1 schema…</source>
        <translation>Die Daten werden gegen das %1-Schema geprüft…</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Could not initialize the %1 data</source>
        <translation>Die %1-Daten konnten nicht initialisiert werden</translation>
    </message>
    <message>
        <source>Initializing the %1 data…</source>
        <translation>Die %1-Daten werden initialisiert…</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Vergleich läuft…</translation>
    </message>
    <message>
        <source>Could not compare the dumps</source>
        <translation>Die Abzüge konnten nicht verglichen werden</translation>
    </message>
    <message>
        <source>%1 now</source>
        <translation>%1 jetzt</translation>
    </message>
    <message>
        <source>The %1 sandbox %2 no longer exists: it was released after the list was read.</source>
        <translation>Die %1-Sandbox %2 existiert nicht mehr: Sie wurde freigegeben, nachdem die Liste gelesen wurde.</translation>
    </message>
    <message>
        <source>The %1 sandbox %2 is %3 now, not occupied: it was released after the list was read, so it has no data to work on. Refresh the list (F5).</source>
        <translation>Die %1-Sandbox %2 ist jetzt %3, nicht belegt: Sie wurde freigegeben, nachdem die Liste gelesen wurde, und hat daher keine Daten zum Bearbeiten. Aktualisieren Sie die Liste (F5).</translation>
    </message>
</context>
<context>
    <name>ServerDataProblem</name>
    <message>
        <source>required, but missing</source>
        <translation>erforderlich, fehlt aber</translation>
    </message>
    <message>
        <source>should be %1, not %2</source>
        <translation>sollte %1 sein, nicht %2</translation>
    </message>
    <message>
        <source>should be one of %1</source>
        <translation>sollte eines von %1 sein</translation>
    </message>
    <message>
        <source>should be %1</source>
        <translation>sollte %1 sein</translation>
    </message>
    <message>
        <source>too short (at least %1)</source>
        <translation>zu kurz (mindestens %1)</translation>
    </message>
    <message>
        <source>too long (at most %1)</source>
        <translation>zu lang (höchstens %1)</translation>
    </message>
    <message>
        <source>too small (should be %1)</source>
        <translation>zu klein (sollte %1 sein)</translation>
    </message>
    <message>
        <source>too large (should be %1)</source>
        <translation>zu groß (sollte %1 sein)</translation>
    </message>
    <message>
        <source>not allowed here</source>
        <translation>hier nicht erlaubt</translation>
    </message>
    <message>
        <source>matches none of the allowed shapes (%1)</source>
        <translation>passt zu keiner der erlaubten Formen (%1)</translation>
    </message>
    <message>
        <source>should match exactly one of the allowed shapes</source>
        <translation>sollte zu genau einer der erlaubten Formen passen</translation>
    </message>
    <message>
        <source>does not match the pattern %1</source>
        <translation>passt nicht zum Muster %1</translation>
    </message>
    <message>
        <source>cannot be checked: the schema is incomplete or too complex</source>
        <translation>nicht prüfbar: das Schema ist unvollständig oder zu komplex</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Profiles</source>
        <translation>Profile</translation>
    </message>
    <message>
        <source>&amp;Save and Use</source>
        <translation>&amp;Speichern und verwenden</translation>
    </message>
    <message>
        <source>Klavis</source>
        <translation>Klavis</translation>
    </message>
    <message>
        <source>New profile</source>
        <translation>Neues Profil</translation>
    </message>
    <message>
        <source>New profile %1</source>
        <translation>Neues Profil %1</translation>
    </message>
    <message>
        <source>Remove profile</source>
        <translation>Profil entfernen</translation>
    </message>
    <message>
        <source>Remove profile “%1” and delete its API key from the keychain?</source>
        <translation>Profil „%1“ entfernen und seinen API-Schlüssel aus dem Schlüsselbund löschen?</translation>
    </message>
    <message>
        <source>Saving the key in the keychain…</source>
        <translation>Schlüssel wird im Schlüsselbund gespeichert …</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>Takes effect after a restart.</source>
        <translation>Wird nach einem Neustart wirksam.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>S&amp;prache:</translation>
    </message>
    <message>
        <source>The built-in demo runs an emulator on this computer: it needs no URL and no key, and nothing of it is stored. Pick a profile and save to leave it.</source>
        <translation>Die eingebaute Demo betreibt einen Emulator auf diesem Computer: Sie braucht weder URL noch Schlüssel, und nichts davon wird gespeichert. Zum Verlassen ein Profil auswählen und speichern.</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Design:</translation>
    </message>
    <message>
        <source>Demo (built-in emulator)</source>
        <translation>Demo (eingebauter Emulator)</translation>
    </message>
    <message>
        <source>&amp;Import from Blaxel CLI…</source>
        <translation>Aus der Blaxel-CLI &amp;importieren …</translation>
    </message>
    <message>
        <source>Blaxel workspaces and keys from ~/.blaxel/config.yaml and BL_API_KEY</source>
        <translation>Blaxel-Workspaces und -Schlüssel aus ~/.blaxel/config.yaml und BL_API_KEY</translation>
    </message>
    <message>
        <source>Blaxel, workspace %1</source>
        <translation>Blaxel, Workspace %1</translation>
    </message>
    <message>
        <source>in use</source>
        <translation>in Verwendung</translation>
    </message>
</context>
<context>
    <name>SideTabKeys</name>
    <message>
        <source>Ctrl+PgDown and Ctrl+PgUp show the next and previous tab</source>
        <translation>Strg+Bild ab und Strg+Bild auf zeigen den nächsten und den vorigen Tab</translation>
    </message>
</context>
<context>
    <name>StatusBarPanel</name>
    <message>
        <source>Show the Transfers view</source>
        <translation>Die Ansicht „Übertragungen“ anzeigen</translation>
    </message>
    <message>
        <source>Profile: Demo (built-in emulator)</source>
        <translation>Profil: Demo (eingebauter Emulator)</translation>
    </message>
    <message>
        <source>Profile: %1</source>
        <translation>Profil: %1</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt …</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Verbunden</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Offline</translation>
    </message>
    <message>
        <source>No API key</source>
        <translation>Kein API-Schlüssel</translation>
    </message>
    <message>
        <source>API key refused</source>
        <translation>API-Schlüssel abgelehnt</translation>
    </message>
    <message>
        <source>Not refreshed yet</source>
        <translation>Noch nicht aktualisiert</translation>
    </message>
    <message>
        <source>Refreshed %1 s ago</source>
        <translation>Vor %1 s aktualisiert</translation>
    </message>
    <message>
        <source>Refreshed %1 min ago</source>
        <translation>Vor %1 Min. aktualisiert</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) in flight</source>
        <translation>
            <numerusform>%n Anfrage läuft</numerusform>
            <numerusform>%n Anfragen laufen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n transfer(s) running</source>
        <translation>
            <numerusform>%n Übertragung läuft</numerusform>
            <numerusform>%n Übertragungen laufen</numerusform>
        </translation>
    </message>
    <message>
        <source>Show the leaks in the Runs view</source>
        <translation>Die Lecks in der Ansicht Läufe zeigen</translation>
    </message>
    <message numerus="yes">
        <source>%n leak(s)</source>
        <translation>
            <numerusform>%n Leck</numerusform>
            <numerusform>%n Lecks</numerusform>
        </translation>
    </message>
    <message>
        <source>No profile</source>
        <translation>Kein Profil</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) expiring soon</source>
        <translation>
            <numerusform>%n Sandbox läuft bald ab</numerusform>
            <numerusform>%n Sandboxes laufen bald ab</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TagChipDelegate</name>
    <message>
        <source>Click to show sandboxes tagged “%1”</source>
        <translation>Klicken, um Sandboxes mit dem Tag „%1“ anzuzeigen</translation>
    </message>
</context>
<context>
    <name>TerminalConnection</name>
    <message>
        <source>The connection to the terminal was lost.</source>
        <translation>Die Verbindung zum Terminal ist abgebrochen.</translation>
    </message>
</context>
<context>
    <name>TerminalController</name>
    <message>
        <source>Connect to Blaxel to open a terminal.</source>
        <translation>Verbinden Sie sich mit Blaxel, um ein Terminal zu öffnen.</translation>
    </message>
    <message>
        <source>This sandbox has no API address yet.</source>
        <translation>Diese Sandbox hat noch keine API-Adresse.</translation>
    </message>
</context>
<context>
    <name>TerminalPane</name>
    <message>
        <source>&amp;New Terminal</source>
        <translation>&amp;Neues Terminal</translation>
    </message>
    <message>
        <source>Terminal %1</source>
        <translation>Terminal %1</translation>
    </message>
    <message>
        <source>Demo: the shell runs on this machine, as you, in the sandbox&apos;s folder.</source>
        <translation>Demo: Die Shell läuft auf diesem Rechner, unter Ihrem Benutzer, im Ordner der Sandbox.</translation>
    </message>
    <message>
        <source>A shell inside the sandbox, through Blaxel&apos;s terminal API.</source>
        <translation>Eine Shell in der Sandbox, über die Terminal-API von Blaxel.</translation>
    </message>
    <message>
        <source>Select one sandbox to open a terminal on it.</source>
        <translation>Wählen Sie eine Sandbox, um darauf ein Terminal zu öffnen.</translation>
    </message>
    <message>
        <source>A terminal opens on a DEPLOYED sandbox.</source>
        <translation>Ein Terminal lässt sich auf einer Sandbox im Status DEPLOYED öffnen.</translation>
    </message>
    <message>
        <source>No terminal open: New Terminal starts a shell.</source>
        <translation>Kein Terminal offen: „Neues Terminal“ startet eine Shell.</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbinde…</translation>
    </message>
    <message>
        <source>Disconnected — reconnecting…</source>
        <translation>Getrennt – verbinde erneut…</translation>
    </message>
    <message>
        <source>The shell ended. Close this tab, or open a new terminal.</source>
        <translation>Die Shell wurde beendet. Schließen Sie diesen Tab oder öffnen Sie ein neues Terminal.</translation>
    </message>
    <message>
        <source>The terminal closed: %1</source>
        <translation>Das Terminal wurde geschlossen: %1</translation>
    </message>
</context>
<context>
    <name>ToolDiffDialog</name>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Save A&apos;s list…</source>
        <translation>Liste A speichern…</translation>
    </message>
    <message>
        <source>Save B&apos;s list…</source>
        <translation>Liste B speichern…</translation>
    </message>
    <message>
        <source>Tool diff</source>
        <translation>Werkzeugvergleich</translation>
    </message>
    <message>
        <source>A (before)</source>
        <translation>A (vorher)</translation>
    </message>
    <message>
        <source>B (after)</source>
        <translation>B (nachher)</translation>
    </message>
    <message>
        <source>Save the list A had in this comparison, to compare against later</source>
        <translation>Die Liste von A aus diesem Vergleich speichern, um später damit zu vergleichen</translation>
    </message>
    <message>
        <source>Save the list B had in this comparison, to compare against later</source>
        <translation>Die Liste von B aus diesem Vergleich speichern, um später damit zu vergleichen</translation>
    </message>
    <message>
        <source>Choose the two tool lists and compare them.</source>
        <translation>Die beiden Werkzeuglisten wählen und vergleichen.</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Tools that differ</source>
        <translation>Werkzeuge mit Unterschieden</translation>
    </message>
    <message>
        <source>Save the tool list</source>
        <translation>Werkzeugliste speichern</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>A sandbox (its current tool list)</source>
        <translation>Eine Sandbox (ihre aktuelle Werkzeugliste)</translation>
    </message>
    <message>
        <source>A saved list file</source>
        <translation>Eine gespeicherte Listendatei</translation>
    </message>
    <message>
        <source>source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>No sandbox with an MCP URL</source>
        <translation>Keine Sandbox mit MCP-URL</translation>
    </message>
    <message>
        <source>A list saved with mcp tools --json, or a tools/list result</source>
        <translation>Eine mit mcp tools --json gespeicherte Liste oder ein tools/list-Ergebnis</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Open a saved tool list</source>
        <translation>Gespeicherte Werkzeugliste öffnen</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n tool(s), as they were listed.</source>
        <translation>
            <numerusform>%1: %n Werkzeug, wie es aufgelistet wurde.</numerusform>
            <numerusform>%1: %n Werkzeuge, wie sie aufgelistet wurden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Listing the tools…</source>
        <translation>Die Werkzeuge werden aufgelistet…</translation>
    </message>
    <message>
        <source>Choose a saved list file for %1.</source>
        <translation>Eine gespeicherte Listendatei für %1 wählen.</translation>
    </message>
    <message>
        <source>Choose a sandbox for %1.</source>
        <translation>Eine Sandbox für %1 wählen.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Vergleich läuft…</translation>
    </message>
    <message>
        <source>Saved as %1.</source>
        <translation>Gespeichert als %1.</translation>
    </message>
    <message>
        <source>Not compared.</source>
        <translation>Nicht verglichen.</translation>
    </message>
    <message numerus="yes">
        <source>The tool lists are the same (%n tool(s)).</source>
        <translation>
            <numerusform>Die Werkzeuglisten sind gleich (%n Werkzeug).</numerusform>
            <numerusform>Die Werkzeuglisten sind gleich (%n Werkzeuge).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s) only in B</source>
        <translation>
            <numerusform>%n Werkzeug nur in B</numerusform>
            <numerusform>%n Werkzeuge nur in B</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s) only in A</source>
        <translation>
            <numerusform>%n Werkzeug nur in A</numerusform>
            <numerusform>%n Werkzeuge nur in A</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s) changed</source>
        <translation>
            <numerusform>%n Werkzeug geändert</numerusform>
            <numerusform>%n Werkzeuge geändert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n the same.</source>
        <translation>
            <numerusform>%n gleich.</numerusform>
            <numerusform>%n gleich.</numerusform>
        </translation>
    </message>
    <message>
        <source>A has %1, B has %2.</source>
        <translation>A hat %1, B hat %2.</translation>
    </message>
    <message>
        <source>A comparison stopped at its limit: there may be more differences.</source>
        <translation>Ein Vergleich stoppte an seiner Grenze: es kann weitere Unterschiede geben.</translation>
    </message>
    <message>
        <source>changed: %1</source>
        <translation>geändert: %1</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>nur in B</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>nur in A</translation>
    </message>
</context>
<context>
    <name>ToolResultView</name>
    <message>
        <source>Structured content</source>
        <translation>Strukturierter Inhalt</translation>
    </message>
    <message>
        <source>The tool reported an error</source>
        <translation>Das Werkzeug meldete einen Fehler</translation>
    </message>
    <message>
        <source>The tool returned nothing</source>
        <translation>Das Werkzeug gab nichts zurück</translation>
    </message>
    <message>
        <source>Audio (%1, %2)</source>
        <translation>Audio (%1, %2)</translation>
    </message>
    <message>
        <source>Content of an unknown type “%1”:
%2</source>
        <translation>Inhalt unbekannten Typs „%1“:
%2</translation>
    </message>
    <message>
        <source>Image (%1, %2)</source>
        <translation>Bild (%1, %2)</translation>
    </message>
    <message>
        <source>%1: could not be shown</source>
        <translation>%1: konnte nicht angezeigt werden</translation>
    </message>
    <message>
        <source>%1, %2 × %3: click to see it at full size</source>
        <translation>%1, %2 × %3: klicken für volle Größe</translation>
    </message>
    <message>
        <source>Resource</source>
        <translation>Ressource</translation>
    </message>
    <message>
        <source>Link to</source>
        <translation>Verweis auf</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>binary, %1</source>
        <translation>binär, %1</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Image</translation>
    </message>
</context>
<context>
    <name>TransferJob</name>
    <message>
        <source>Queued</source>
        <translation>Wartend</translation>
    </message>
    <message>
        <source>Packing</source>
        <translation>Wird gepackt</translation>
    </message>
    <message>
        <source>Uploading</source>
        <translation>Wird hochgeladen</translation>
    </message>
    <message>
        <source>Unpacking in sandbox</source>
        <translation>Wird in der Sandbox entpackt</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>Wird vorbereitet</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>Wird heruntergeladen</translation>
    </message>
    <message>
        <source>Extracting</source>
        <translation>Wird entpackt</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
</context>
<context>
    <name>TransferModel</name>
    <message>
        <source>Left out:</source>
        <translation>Ausgelassen:</translation>
    </message>
    <message>
        <source>Upload</source>
        <translation>Upload</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Done, %n entry(ies) left out</source>
        <translation>
            <numerusform>Fertig, %n Eintrag ausgelassen</numerusform>
            <numerusform>Fertig, %n Einträge ausgelassen</numerusform>
        </translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Restzeit</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Extract dump</source>
        <translation>Dump entpacken</translation>
    </message>
    <message>
        <source>Save dump</source>
        <translation>Dump speichern</translation>
    </message>
    <message>
        <source>local sandbox %1</source>
        <translation>lokale Sandbox %1</translation>
    </message>
    <message>
        <source>folder %1</source>
        <translation>Ordner %1</translation>
    </message>
    <message>
        <source>file %1</source>
        <translation>Datei %1</translation>
    </message>
    <message>
        <source>%1 of %2 to %3</source>
        <translation>%1: %2, Ziel: %3</translation>
    </message>
    <message>
        <source>Started %1, ended %2, took %3.</source>
        <translation>Begonnen um %1, beendet um %2, Dauer %3.</translation>
    </message>
    <message>
        <source>Started %1.</source>
        <translation>Begonnen um %1.</translation>
    </message>
    <message>
        <source>Waiting for a free slot.</source>
        <translation>Wartet auf einen freien Platz.</translation>
    </message>
    <message>
        <source>%1 transferred at %2/s on average.</source>
        <translation>%1 übertragen, im Schnitt %2/s.</translation>
    </message>
    <message>
        <source>%1 transferred.</source>
        <translation>%1 übertragen.</translation>
    </message>
    <message>
        <source>Retry may help: the cause can pass.</source>
        <translation>Ein erneuter Versuch kann helfen: Die Ursache kann vorübergehend sein.</translation>
    </message>
    <message>
        <source>Retry would fail the same way until the cause is fixed.</source>
        <translation>Ein erneuter Versuch würde genauso fehlschlagen, bis die Ursache behoben ist.</translation>
    </message>
    <message>
        <source>Cancelled; nothing half-written was left behind.</source>
        <translation>Abgebrochen; nichts Halbgeschriebenes ist zurückgeblieben.</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Cancelled after the sandbox was asked to unpack the archive: the upload may have landed all the same. Dump the workspace to see what it holds.</source>
        <translation>Abgebrochen, nachdem die Sandbox schon gebeten war, das Archiv zu entpacken: Der Upload kann trotzdem angekommen sein. Erstellen Sie einen Dump des Arbeitsbereichs, um zu sehen, was er enthält.</translation>
    </message>
    <message>
        <source>%1, waiting for the sandbox to start</source>
        <translation>%1, wartet auf den Start der Sandbox</translation>
    </message>
</context>
<context>
    <name>TransferNotifier</name>
    <message>
        <source>Uploaded %1 to local sandbox %2.</source>
        <translation>%1 in die lokale Sandbox %2 hochgeladen.</translation>
    </message>
    <message>
        <source>Downloaded the dump of %1 to %2.</source>
        <translation>Dump von %1 nach %2 heruntergeladen.</translation>
    </message>
    <message>
        <source>Upload of %1 cancelled.</source>
        <translation>Upload von %1 abgebrochen.</translation>
    </message>
    <message>
        <source>Download of the dump of %1 cancelled.</source>
        <translation>Download des Dumps von %1 abgebrochen.</translation>
    </message>
    <message>
        <source>Upload of %1 failed: %2</source>
        <translation>Upload von %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Download of the dump of %1 failed: %2</source>
        <translation>Download des Dumps von %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Transfer finished</source>
        <translation>Übertragung abgeschlossen</translation>
    </message>
    <message>
        <source>Transfer failed</source>
        <translation>Übertragung fehlgeschlagen</translation>
    </message>
    <message>
        <source>Extracted the dump of %1 into %2.</source>
        <translation>Dump von %1 nach %2 entpackt.</translation>
    </message>
    <message>
        <source>Upload of %1 cancelled after the sandbox was asked to unpack it: it may have landed.</source>
        <translation>Upload von %1 abgebrochen, nachdem die Sandbox schon gebeten war, ihn zu entpacken: Er kann angekommen sein.</translation>
    </message>
    <message>
        <source>Uploaded %1 to Blaxel sandbox %2.</source>
        <translation>%1 in die Blaxel-Sandbox %2 hochgeladen.</translation>
    </message>
</context>
<context>
    <name>TransfersPage</name>
    <message>
        <source>&amp;Cancel</source>
        <translation>A&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Erneut versuchen</translation>
    </message>
    <message>
        <source>&amp;Open Containing Folder</source>
        <translation>Übergeordneten &amp;Ordner öffnen</translation>
    </message>
    <message>
        <source>C&amp;lear Finished</source>
        <translation>Abgeschlossene &amp;leeren</translation>
    </message>
    <message>
        <source>No transfers yet. Drop folders or a .tar.gz on a local sandbox to upload a workspace, or use Save Dump As… to download one.</source>
        <translation>Noch keine Übertragungen. Ordner oder eine .tar.gz-Datei auf einer lokalen Sandbox ablegen, um einen Arbeitsbereich hochzuladen, oder mit „Dump speichern unter …“ einen herunterladen.</translation>
    </message>
    <message numerus="yes">
        <source>Retrying %n transfer(s).</source>
        <translation>
            <numerusform>%n Übertragung wird wiederholt.</numerusform>
            <numerusform>%n Übertragungen werden wiederholt.</numerusform>
        </translation>
    </message>
    <message>
        <source>No file manager could open %1.</source>
        <translation>Kein Dateimanager konnte %1 öffnen.</translation>
    </message>
    <message>
        <source>Run the selected transfers again where the cause can pass (a network drop, an expired link, a server error, a cancel)</source>
        <translation>Die ausgewählten Übertragungen erneut ausführen, wo die Ursache vorübergehend sein kann (Netzwerkabbruch, abgelaufener Link, Serverfehler, Abbruch)</translation>
    </message>
    <message>
        <source>Drag the row to a file manager or terminal to use it.</source>
        <translation>Die Zeile in einen Dateimanager oder ein Terminal ziehen, um sie zu verwenden.</translation>
    </message>
    <message>
        <source>Stop the selected transfers; nothing half-written is left behind, though an upload the sandbox was already asked to unpack may still land</source>
        <translation>Die gewählten Übertragungen anhalten; nichts Halbgeschriebenes bleibt zurück, doch ein Upload, den die Sandbox schon entpacken sollte, kann noch ankommen</translation>
    </message>
</context>
<context>
    <name>UniverseDecoder</name>
    <message>
        <source>no `%1` in the reply</source>
        <translation>kein `%1` in der Antwort</translation>
    </message>
    <message>
        <source>`%1` is not a string</source>
        <translation>`%1` ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>no `personas` in the reply</source>
        <translation>kein `personas` in der Antwort</translation>
    </message>
    <message>
        <source>`personas` is not a list</source>
        <translation>`personas` ist keine Liste</translation>
    </message>
    <message>
        <source>no `task_nums` in the reply</source>
        <translation>kein `task_nums` in der Antwort</translation>
    </message>
    <message>
        <source>`task_nums` is not a list</source>
        <translation>`task_nums` ist keine Liste</translation>
    </message>
    <message>
        <source>`task_nums` holds something that is not a task number</source>
        <translation>`task_nums` enthält etwas, das keine Aufgabennummer ist</translation>
    </message>
    <message>
        <source>no `universes` list in the reply</source>
        <translation>keine `universes`-Liste in der Antwort</translation>
    </message>
    <message>
        <source>universe %1 of the list is not an object</source>
        <translation>Universum %1 der Liste ist kein Objekt</translation>
    </message>
    <message>
        <source>universe %1 of the list: %2</source>
        <translation>Universum %1 der Liste: %2</translation>
    </message>
    <message>
        <source>expected one JSON value</source>
        <translation>genau ein JSON-Wert erwartet</translation>
    </message>
    <message>
        <source>`instance_id` is empty</source>
        <translation>`instance_id` ist leer</translation>
    </message>
    <message>
        <source>no `mcp_servers` in the reply</source>
        <translation>kein `mcp_servers` in der Antwort</translation>
    </message>
    <message>
        <source>`mcp_servers` is not an object</source>
        <translation>`mcp_servers` ist kein Objekt</translation>
    </message>
    <message>
        <source>its URL is not a string</source>
        <translation>seine URL ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>its URL does not parse</source>
        <translation>seine URL ist nicht lesbar</translation>
    </message>
    <message>
        <source>no `passed` in the reply</source>
        <translation>kein `passed` in der Antwort</translation>
    </message>
    <message>
        <source>`passed` is not true or false</source>
        <translation>`passed` ist weder true noch false</translation>
    </message>
</context>
<context>
    <name>UniverseInstanceTab</name>
    <message>
        <source>Acquire Instance</source>
        <translation>Instanz belegen</translation>
    </message>
    <message>
        <source>Copy MCP Config</source>
        <translation>MCP-Konfiguration kopieren</translation>
    </message>
    <message>
        <source>Export MCP Config…</source>
        <translation>MCP-Konfiguration exportieren …</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>Run name (optional)</source>
        <translation>Name des Laufs (optional)</translation>
    </message>
    <message>
        <source>The run that holds the instance: an open run, or a new one of this name</source>
        <translation>Der Lauf, der die Instanz hält: ein offener Lauf oder ein neuer dieses Namens</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Dienst</translation>
    </message>
    <message>
        <source>MCP URL</source>
        <translation>MCP-URL</translation>
    </message>
    <message>
        <source>New instance:</source>
        <translation>Neue Instanz:</translation>
    </message>
    <message>
        <source>Held instances:</source>
        <translation>Gehaltene Instanzen:</translation>
    </message>
    <message>
        <source>Instance:</source>
        <translation>Instanz:</translation>
    </message>
    <message>
        <source>Cannot read the held instances: %1</source>
        <translation>Die gehaltenen Instanzen können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (run %2, %3)</source>
        <translation>%1 (Lauf %2, %3)</translation>
    </message>
    <message>
        <source>None held: acquire one.</source>
        <translation>Keine gehalten: eine belegen.</translation>
    </message>
    <message>
        <source>(taken elsewhere: the ledger keeps no URL)</source>
        <translation>(anderswo belegt: das Laufbuch führt keine URL)</translation>
    </message>
    <message>
        <source>Copy the MCP URL of %1</source>
        <translation>Die MCP-URL von %1 kopieren</translation>
    </message>
    <message>
        <source>Copied the MCP URL of %1.</source>
        <translation>MCP-URL von %1 kopiert.</translation>
    </message>
    <message>
        <source>(refused: not https, nor http to this machine)</source>
        <translation>(abgelehnt: weder https noch http zu diesem Rechner)</translation>
    </message>
    <message>
        <source>Verify Task %1</source>
        <translation>Aufgabe %1 prüfen</translation>
    </message>
    <message>
        <source>No idle instance of %1: every one is held. Release one, or try again later.</source>
        <translation>Keine freie Instanz von %1: jede ist belegt. Eine freigeben oder später erneut versuchen.</translation>
    </message>
    <message>
        <source>Cannot acquire an instance of %1</source>
        <translation>Keine Instanz von %1 belegbar</translation>
    </message>
    <message>
        <source>Acquired instance %1 of %2.</source>
        <translation>Instanz %1 von %2 belegt.</translation>
    </message>
    <message>
        <source>Verifying task %1…</source>
        <translation>Aufgabe %1 wird geprüft …</translation>
    </message>
    <message>
        <source>Cannot verify task %1</source>
        <translation>Aufgabe %1 kann nicht geprüft werden</translation>
    </message>
    <message>
        <source>PASSED: task %1 at %2</source>
        <translation>BESTANDEN: Aufgabe %1 um %2</translation>
    </message>
    <message>
        <source>FAILED: task %1 at %2: %3</source>
        <translation>NICHT BESTANDEN: Aufgabe %1 um %2: %3</translation>
    </message>
    <message>
        <source>Release instance %1?</source>
        <translation>Instanz %1 freigeben?</translation>
    </message>
    <message>
        <source>Its data is reset to the universe&apos;s: whatever was done in it is lost.</source>
        <translation>Ihre Daten werden auf die des Universums zurückgesetzt: was darin getan wurde, geht verloren.</translation>
    </message>
    <message>
        <source>Cannot release instance %1</source>
        <translation>Instanz %1 kann nicht freigegeben werden</translation>
    </message>
    <message>
        <source>Released instance %1; its data is being reset.</source>
        <translation>Instanz %1 freigegeben; ihre Daten werden zurückgesetzt.</translation>
    </message>
    <message numerus="yes">
        <source>Copied MCP client config for %n server(s).</source>
        <translation>
            <numerusform>MCP-Client-Konfiguration für %n Server kopiert.</numerusform>
            <numerusform>MCP-Client-Konfiguration für %n Server kopiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export MCP Config</source>
        <translation>MCP-Konfiguration exportieren</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>Exported the MCP config to %1.</source>
        <translation>MCP-Konfiguration nach %1 exportiert.</translation>
    </message>
</context>
<context>
    <name>UniverseListModel</name>
    <message>
        <source>Universe</source>
        <translation>Universum</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>Personas</source>
        <translation>Personas</translation>
    </message>
</context>
<context>
    <name>UniverseTasksTab</name>
    <message>
        <source>Copy Prompt</source>
        <translation>Prompt kopieren</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Difficulty</source>
        <translation>Schwierigkeit</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Prompt:</source>
        <translation>Prompt:</translation>
    </message>
    <message>
        <source>Verification:</source>
        <translation>Prüfung:</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>(not loaded)</source>
        <translation>(nicht geladen)</translation>
    </message>
    <message>
        <source>Cannot load task %1</source>
        <translation>Aufgabe %1 kann nicht geladen werden</translation>
    </message>
    <message>
        <source>Task %1: %2</source>
        <translation>Aufgabe %1: %2</translation>
    </message>
    <message>
        <source>Choose a task.</source>
        <translation>Eine Aufgabe wählen.</translation>
    </message>
    <message>
        <source>Task %1 (loading…)</source>
        <translation>Aufgabe %1 (wird geladen …)</translation>
    </message>
    <message>
        <source>Copied the prompt of task %1.</source>
        <translation>Prompt von Aufgabe %1 kopiert.</translation>
    </message>
</context>
<context>
    <name>UniversesController</name>
    <message>
        <source>Run %1 is closed (%2): name a new run or an open one.</source>
        <translation>Lauf %1 ist abgeschlossen (%2): einen neuen oder einen offenen Lauf nennen.</translation>
    </message>
</context>
<context>
    <name>UniversesPage</name>
    <message>
        <source>Search universes</source>
        <translation>Universen durchsuchen</translation>
    </message>
    <message>
        <source>Read the catalogue again</source>
        <translation>Den Katalog erneut lesen</translation>
    </message>
    <message>
        <source>Initial Data</source>
        <translation>Anfangsdaten</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <source>Cannot list the universes</source>
        <translation>Die Universen können nicht aufgelistet werden</translation>
    </message>
    <message>
        <source>No universes listed yet.</source>
        <translation>Noch keine Universen aufgelistet.</translation>
    </message>
    <message>
        <source>Choose a universe.</source>
        <translation>Ein Universum wählen.</translation>
    </message>
    <message numerus="yes">
        <source>Domain: %1 · %n task(s) · id %2</source>
        <translation>
            <numerusform>Bereich: %1 · %n Aufgabe · ID %2</numerusform>
            <numerusform>Bereich: %1 · %n Aufgaben · ID %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot load the initial data of %1</source>
        <translation>Die Anfangsdaten von %1 können nicht geladen werden</translation>
    </message>
</context>
<context>
    <name>UploadConfirmDialog</name>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weiteres</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Upload workspace</source>
        <translation>Arbeitsbereich hochladen</translation>
    </message>
    <message>
        <source>Counting files…</source>
        <translation>Dateien werden gezählt …</translation>
    </message>
    <message>
        <source>Sandbox:</source>
        <translation>Sandbox:</translation>
    </message>
    <message>
        <source>Item:</source>
        <translation>Element:</translation>
    </message>
    <message>
        <source>Items:</source>
        <translation>Elemente:</translation>
    </message>
    <message>
        <source>Contents:</source>
        <translation>Inhalt:</translation>
    </message>
    <message>
        <source>&amp;Upload</source>
        <translation>&amp;Hochladen</translation>
    </message>
    <message>
        <source>This file is not a gzip-compressed tar archive.</source>
        <translation>Diese Datei ist kein gzip-komprimiertes tar-Archiv.</translation>
    </message>
    <message>
        <source>A .tar.gz archive of %1, uploaded as it is.</source>
        <translation>Ein .tar.gz-Archiv von %1, unverändert hochgeladen.</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n folder(s)</source>
        <translation>
            <numerusform> in %n Ordner</numerusform>
            <numerusform> in %n Ordnern</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n symbolic link(s) kept as links</source>
        <translation>
            <numerusform>, %n symbolische Verknüpfung als Verknüpfung beibehalten</numerusform>
            <numerusform>, %n symbolische Verknüpfungen als Verknüpfungen beibehalten</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 in all, packed into a .tar.gz</source>
        <translation>, insgesamt %1, als .tar.gz gepackt</translation>
    </message>
    <message>
        <source>Left out:
%1</source>
        <translation>Ausgelassen:
%1</translation>
    </message>
</context>
<context>
    <name>UploadJob</name>
    <message>
        <source>Could not get an upload URL: %1</source>
        <translation>Es konnte keine Upload-URL abgerufen werden: %1</translation>
    </message>
    <message>
        <source>The upload was refused: %1</source>
        <translation>Der Upload wurde verweigert: %1</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The upload failed: the storage refused a fresh upload URL too. %1 Retry the upload; if it keeps failing, the provider&apos;s storage is rejecting uploads.</source>
        <translation>Der Upload ist fehlgeschlagen: Der Objektspeicher hat auch eine neue Upload-URL abgelehnt. %1 Den Upload wiederholen; schlägt er weiterhin fehl, lehnt der Objektspeicher des Anbieters Uploads ab.</translation>
    </message>
    <message>
        <source>The upload failed after %1 attempts. %2 Check the network connection and retry.</source>
        <translation>Der Upload ist nach %1 Versuchen fehlgeschlagen. %2 Die Netzwerkverbindung prüfen und erneut versuchen.</translation>
    </message>
    <message>
        <source>The upload failed. %1</source>
        <translation>Der Upload ist fehlgeschlagen. %1</translation>
    </message>
    <message>
        <source>The archive was uploaded but the sandbox could not unpack it. %1</source>
        <translation>Das Archiv wurde hochgeladen, aber die Sandbox konnte es nicht entpacken. %1</translation>
    </message>
    <message>
        <source>Not uploaded: the archive is %1, and the server takes at most %2 per upload. Upload fewer or smaller files.</source>
        <translation>Nicht hochgeladen: Das Archiv ist %1 groß, der Server nimmt aber höchstens %2 pro Upload an. Weniger oder kleinere Dateien hochladen.</translation>
    </message>
    <message>
        <source>The upload failed: the storage answered with more than %1 and was cut off. Retry the upload; if it keeps failing, the provider&apos;s storage is misbehaving.</source>
        <translation>Der Upload ist fehlgeschlagen: Der Objektspeicher hat mit mehr als %1 geantwortet und wurde abgeschnitten. Den Upload wiederholen; schlägt er weiterhin fehl, arbeitet der Objektspeicher des Anbieters fehlerhaft.</translation>
    </message>
</context>
<context>
    <name>UrlPolicy</name>
    <message>
        <source>(no host)</source>
        <translation>(kein Host)</translation>
    </message>
    <message>
        <source>%1 is not a valid URL; nothing was sent.</source>
        <translation>%1 ist keine gültige URL; es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>%1 uses &quot;%2:&quot;, which is refused: only https (or http to this machine) is used. Nothing was sent.</source>
        <translation>%1 verwendet „%2:“, was abgelehnt wird: Nur https (oder http zu diesem Rechner) wird verwendet. Es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>%1 (%2) names no host; nothing was sent.</source>
        <translation>%1 (%2) nennt keinen Host; es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>%1 (%2) carries a user name or password, which is refused; nothing was sent.</source>
        <translation>%1 (%2) enthält einen Benutzernamen oder ein Passwort, was abgelehnt wird; es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>%1 (%2) is plain http to another machine, which is refused: only https is used there. Nothing was sent.</source>
        <translation>%1 (%2) ist unverschlüsseltes http zu einem anderen Rechner, was abgelehnt wird: Dorthin wird nur https verwendet. Es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>The storage URL the server sent</source>
        <translation>Die vom Server gesendete Speicher-URL</translation>
    </message>
    <message>
        <source>The API base URL</source>
        <translation>Die Basis-URL der API</translation>
    </message>
    <message>
        <source>The redirect target</source>
        <translation>Das Weiterleitungsziel</translation>
    </message>
    <message>
        <source>Redirect from %1 to %2 refused: %3</source>
        <translation>Weiterleitung von %1 nach %2 abgelehnt: %3</translation>
    </message>
    <message>
        <source>Redirect from %1 (https) to %2 (plain http) refused: it would drop encryption.</source>
        <translation>Weiterleitung von %1 (https) nach %2 (unverschlüsseltes http) abgelehnt: Sie würde die Verschlüsselung aufgeben.</translation>
    </message>
    <message>
        <source>Redirect from %1 to %2 refused: the request was not sent again to another server. It may have taken effect on %1; check before trying again.</source>
        <translation>Weiterleitung von %1 nach %2 abgelehnt: Die Anfrage wurde nicht erneut an einen anderen Server gesendet. Auf %1 ist sie möglicherweise schon wirksam geworden; vor einem neuen Versuch prüfen.</translation>
    </message>
    <message>
        <source>The MCP server URL</source>
        <translation>Die MCP-Server-URL</translation>
    </message>
</context>
<context>
    <name>WorkspaceActions</name>
    <message>
        <source>Upload into the working directory of Blaxel sandbox &lt;b&gt;%1&lt;/b&gt;?</source>
        <translation>In das Arbeitsverzeichnis der Blaxel-Sandbox &lt;b&gt;%1&lt;/b&gt; hochladen?</translation>
    </message>
    <message>
        <source>Upload into the workspace of local sandbox &lt;b&gt;%1&lt;/b&gt;?</source>
        <translation>In den Arbeitsbereich der lokalen Sandbox &lt;b&gt;%1&lt;/b&gt; hochladen?</translation>
    </message>
    <message>
        <source>The files are unpacked with tar into the sandbox&apos;s working directory: files already there stay, and a file with the same path is replaced.</source>
        <translation>Die Dateien werden mit tar in das Arbeitsverzeichnis der Sandbox entpackt: Vorhandene Dateien bleiben, eine Datei mit demselben Pfad wird ersetzt.</translation>
    </message>
    <message>
        <source>The files are merged into the workspace: files already there stay, and a file with the same path is replaced. Use Reset first for an empty workspace.</source>
        <translation>Die Dateien werden mit dem Arbeitsbereich zusammengeführt: Vorhandene Dateien bleiben erhalten, und eine Datei mit demselben Pfad wird ersetzt. Für einen leeren Arbeitsbereich vorher „Zurücksetzen“ verwenden.</translation>
    </message>
    <message>
        <source>Only files and folders from this computer can be uploaded into a Blaxel sandbox.</source>
        <translation>Nur Dateien und Ordner von diesem Rechner können in eine Blaxel-Sandbox hochgeladen werden.</translation>
    </message>
    <message>
        <source>Only files and folders from this computer can be uploaded into a local sandbox.</source>
        <translation>Nur Dateien und Ordner von diesem Rechner können in eine lokale Sandbox hochgeladen werden.</translation>
    </message>
    <message>
        <source>Drop on a Blaxel sandbox to upload a workspace into it.</source>
        <translation>Auf eine Blaxel-Sandbox ziehen, um einen Workspace hineinzuladen.</translation>
    </message>
    <message>
        <source>Drop on a local sandbox to upload a workspace into it.</source>
        <translation>Auf einer lokalen Sandbox ablegen, um einen Arbeitsbereich hineinzuladen.</translation>
    </message>
    <message>
        <source>Cannot upload</source>
        <translation>Hochladen nicht möglich</translation>
    </message>
    <message>
        <source>Sandbox %1 cannot be reached any more; refresh and try again.</source>
        <translation>Die Sandbox %1 ist nicht mehr erreichbar; aktualisieren Sie und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Uploading %1 to Blaxel sandbox %2; see Transfers for progress.</source>
        <translation>%1 wird in die Blaxel-Sandbox %2 hochgeladen; den Fortschritt zeigt die Ansicht Übertragungen.</translation>
    </message>
    <message>
        <source>Uploading %1 to local sandbox %2; see Transfers for progress.</source>
        <translation>%1 wird in die lokale Sandbox %2 hochgeladen; der Fortschritt steht unter „Übertragungen“.</translation>
    </message>
    <message>
        <source>Upload a folder as the workspace of %1</source>
        <translation>Einen Ordner als Arbeitsbereich von %1 hochladen</translation>
    </message>
    <message>
        <source>Save dump as</source>
        <translation>Dump speichern unter</translation>
    </message>
    <message>
        <source>Gzipped tar archives (*.tar.gz *.tgz)</source>
        <translation>Gzip-komprimierte tar-Archive (*.tar.gz *.tgz)</translation>
    </message>
    <message>
        <source>Extract the dump of %1 into a new or empty folder</source>
        <translation>Den Dump von %1 in einen neuen oder leeren Ordner entpacken</translation>
    </message>
    <message>
        <source>Folder not empty</source>
        <translation>Ordner nicht leer</translation>
    </message>
    <message>
        <source>Not a folder</source>
        <translation>Kein Ordner</translation>
    </message>
    <message>
        <source>Extract into a new folder %1 inside it, or choose another folder.</source>
        <translation>In einen neuen Ordner %1 darin entpacken oder einen anderen Ordner wählen.</translation>
    </message>
    <message>
        <source>Extract into %1</source>
        <translation>Nach %1 entpacken</translation>
    </message>
    <message>
        <source>Choose Another Folder…</source>
        <translation>Anderen Ordner wählen …</translation>
    </message>
    <message>
        <source>Extracting the dump of %1 into %2.</source>
        <translation>Dump von %1 wird nach %2 entpackt.</translation>
    </message>
    <message>
        <source>Downloading the dump of %1 to %2.</source>
        <translation>Dump von %1 wird nach %2 heruntergeladen.</translation>
    </message>
</context>
<context>
    <name>WorkspaceArchiver</name>
    <message>
        <source>Cannot create %1: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>Packing failed</source>
        <translation>Packen fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a gzip file</source>
        <translation>%1 ist keine gzip-Datei</translation>
    </message>
    <message>
        <source>the archive is empty</source>
        <translation>das Archiv ist leer</translation>
    </message>
    <message>
        <source>%1 is not a readable .tar.gz: %2</source>
        <translation>%1 ist kein lesbares .tar.gz: %2</translation>
    </message>
</context>
<context>
    <name>WorkspaceDropTarget</name>
    <message>
        <source>Only files and folders from this computer can be uploaded into a local sandbox.</source>
        <translation>Nur Dateien und Ordner von diesem Rechner können in eine lokale Sandbox hochgeladen werden.</translation>
    </message>
    <message>
        <source>Drop on a local sandbox to upload a workspace into it.</source>
        <translation>Auf einer lokalen Sandbox ablegen, um einen Arbeitsbereich hineinzuladen.</translation>
    </message>
</context>
<context>
    <name>WorkspaceDumpJob</name>
    <message>
        <source>The download is not a .tar.gz archive, so it was not saved: %1</source>
        <translation>Der Download ist kein .tar.gz-Archiv und wurde daher nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Could not save the dump as %1.</source>
        <translation>Der Dump konnte nicht als %1 gespeichert werden.</translation>
    </message>
    <message>
        <source>The dump was downloaded but could not be extracted: %1</source>
        <translation>Der Dump wurde heruntergeladen, konnte aber nicht entpackt werden: %1</translation>
    </message>
</context>
<context>
    <name>WorkspaceLimits</name>
    <message>
        <source>The server takes at most %1 files, folders and links in one upload, and this holds %2. Upload fewer at a time.</source>
        <translation>Der Server nimmt höchstens %1 Dateien, Ordner und Links in einem Upload an, und dies enthält %2. Laden Sie weniger auf einmal hoch.</translation>
    </message>
    <message>
        <source>The server unpacks at most %1 of files from one upload, and this holds %2. Upload less at a time.</source>
        <translation>Der Server entpackt höchstens %1 an Dateien aus einem Upload, und dies enthält %2. Laden Sie weniger auf einmal hoch.</translation>
    </message>
    <message>
        <source>The server takes at most %1 per upload, and this archive is %2.</source>
        <translation>Der Server nimmt höchstens %1 pro Upload an, und dieses Archiv hat %2.</translation>
    </message>
</context>
<context>
    <name>WorkspaceUploadJob</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 und %n weiteres</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to upload: choose a folder or files.</source>
        <translation>Nichts zum Hochladen: einen Ordner oder Dateien wählen.</translation>
    </message>
    <message>
        <source>Not uploaded: %1 Drop the folder itself, or a real .tar.gz archive.</source>
        <translation>Nicht hochgeladen: %1 Den Ordner selbst oder ein echtes .tar.gz-Archiv ablegen.</translation>
    </message>
    <message>
        <source>Could not create a temporary folder in %1 to pack the workspace.</source>
        <translation>In %1 konnte kein temporärer Ordner zum Packen des Arbeitsbereichs angelegt werden.</translation>
    </message>
    <message>
        <source>Could not pack the workspace: %1</source>
        <translation>Der Arbeitsbereich konnte nicht gepackt werden: %1</translation>
    </message>
    <message>
        <source>Not uploaded: %1</source>
        <translation>Nicht hochgeladen: %1</translation>
    </message>
</context>
</TS>

# fish completion for sandboxdeck-cli
#
# The name lists below are ServerLists::sandboxServers(), localServers(), benchmarks() and statuses()
# (app/catalog/serverlists.cpp), BlaxelStatus::statuses() (app/api/blaxelstatus.cpp) and DataServers::names()
# (app/catalog/dataservers.cpp);
# tests/cli/cli_completions.py fails when they differ.

set -l servers jira github salesforce hubspot notion airtable linear asana google_sheets google_drive google_docs gmail google_calendar google_forms clickup close monday motion onedrive microsoft_teams outlook_mail cal.com quickbooks moneybird dropbox shopify woocommerce outlook_calendar resend wordpress mem0 supabase slack confluence discord snowflake postgres mongodb youtube googleworkspaceatlas huggingface arxiv_latex calculator clinicaltrialsgov fetch met_museum open_library osm pubmed us_weather duckduckgo whois wikipedia scholarly howtocook yahoo_finance 12306 youtube_transcript weather twelvedata national_parks lara_translate e2b context7 alchemy weights_and_biases oxylabs google_maps brave_search exa serper
set -l local_servers filesystem git terminal desktop-commander arxiv excel word powerpoint code-executor code-runner pdf-tools google_cloud poste_email_toolathlon canvas localmemory playwright
set -l benchmarks MCP_Atlas Toolathlon MCP_Mark
set -l statuses idle occupied error
set -l data_servers airtable asana cal.com clickup close confluence discord dropbox github gmail google_calendar google_docs google_drive google_forms google_sheets googleworkspaceatlas hubspot huggingface jira linear mem0 microsoft_teams monday moneybird mongodb motion notion onedrive outlook_calendar outlook_mail postgres quickbooks resend salesforce shopify slack snowflake supabase woocommerce wordpress youtube
set -l blaxel_statuses DEPLOYING DEPLOYED FAILED DELETING TERMINATED DEACTIVATING DEACTIVATED BUILDING BUILT UPLOADING ARCHIVING ARCHIVED UNARCHIVING

# The words typed after the program that are not options nor their values: the command, local's or
# blaxel's sub-command, then the arguments.
function __sandboxdeck_cli_words
    set -l words (commandline -opc)
    set -e words[1]
    set -l skip 0
    set -l ended 0
    for word in $words
        if test $skip = 1
            set skip 0
            continue
        end
        if test $ended = 1
            echo -- $word
            continue
        end
        switch $word
            case --base-url --timeout --server --servers --status --benchmark --email --tag --ttl --instance-id --region --out --extract --search --workspace --image --display-name --memory --label --port --env --secret-env --file --args --arg --sandbox --local --older-than --urls-out --env-out --mcp-dir --seed-data --seed-workspace --name --artifacts --cursor --service --run --mcp-config --type
                set skip 1
            case --
                set ended 1
            case '-*'
            case '*'
                echo -- $word
        end
    end
end

# Whether the command typed is this one ("acquire", "local upload"), followed by exactly $argv[-1]
# arguments when the last argument is a number.
function __sandboxdeck_cli_is
    set -l words (__sandboxdeck_cli_words)
    set -l command $argv
    set -l arguments -1
    if string match -qr '^[0-9]+$' -- $argv[-1]
        set arguments $argv[-1]
        set -e command[-1]
    end
    set -l length (count $command)
    test (count $words) -ge $length; or return 1
    test "$words[1..$length]" = "$command"; or return 1
    test $arguments -lt 0; or test (math (count $words) - $length) -eq $arguments
end

function __sandboxdeck_cli_needs_command
    test (count (__sandboxdeck_cli_words)) -eq 0
end

function __sandboxdeck_cli_needs_local_command
    set -l words (__sandboxdeck_cli_words)
    test (count $words) -eq 1; and test "$words[1]" = local
end

function __sandboxdeck_cli_needs_blaxel_command
    set -l words (__sandboxdeck_cli_words)
    test (count $words) -eq 1; and test "$words[1]" = blaxel
end

function __sandboxdeck_cli_needs_blaxel_fs_command
    set -l words (__sandboxdeck_cli_words)
    test (count $words) -eq 2; and test "$words[1] $words[2]" = "blaxel fs"
end

function __sandboxdeck_cli_needs_group_command
    set -l words (__sandboxdeck_cli_words)
    test (count $words) -eq 1; and test "$words[1]" = $argv[1]
end

complete -c sandboxdeck-cli -f

complete -c sandboxdeck-cli -l base-url -x -d 'the API to talk to (default KLAVIS_BASE_URL)'
complete -c sandboxdeck-cli -l json -d 'print the reply as JSON'
complete -c sandboxdeck-cli -l timeout -x -d 'seconds one API call may take'
complete -c sandboxdeck-cli -s h -l help -d 'show the help'
complete -c sandboxdeck-cli -s v -l version -d 'show the version'

complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a list -d 'list sandboxes'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a get -d 'show one sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a acquire -d 'acquire a sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a release -d 'release a sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a reset -d 'reset a sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a prepare -d 'ask for capacity'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a local -d 'local sandboxes'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a blaxel -d 'Blaxel sandboxes'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a data -d "each sandbox server's data"
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a mcp -d 'MCP servers'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a run -d 'runs: named sets of sandboxes'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a leaks -d 'sandboxes no open run claims'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_command -a universe -d 'universes: environments with tasks'

complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command data' -a dump -d "print or save a server's data"
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command data' -a init -d "seed a server's data"
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command data' -a diff -d 'compare two saved dumps'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command mcp' -a info -d "show an MCP server's name and capabilities"
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command mcp' -a tools -d "list an MCP server's tools"
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command mcp' -a call -d 'call a tool'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command mcp' -a ping -d 'check that an MCP server answers'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command mcp' -a diff -d 'compare two tool lists'

complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a list -d 'list local sandboxes'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a get -d 'show one local sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a acquire -d 'acquire a local sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a release -d 'release a local sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a reset -d 'reset a local sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a upload -d 'upload a workspace'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a dump -d 'download a workspace'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a exec -d 'run a folder\'s main.py'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a logs -d 'print an execution\'s log'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_local_command -a artifacts -d 'extract an execution\'s folder'

complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a list -d 'list Blaxel sandboxes'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a get -d 'show one Blaxel sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a create -d 'create a Blaxel sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a delete -d 'delete Blaxel sandboxes for good'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a upload -d 'upload into a Blaxel sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a dump -d 'download a Blaxel working directory'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a fs -d 'the files of a Blaxel sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a ps -d 'list the processes of a Blaxel sandbox'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a logs -d 'print what a process wrote'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a kill -d 'kill or stop a process'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_command -a connect -d 'open a shell of a Blaxel sandbox here'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_fs_command -a ls -d 'list a folder'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_fs_command -a cat -d 'print a file'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_fs_command -a put -d 'upload one file'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_fs_command -a get -d 'download one file'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_fs_command -a rm -d 'remove a file or folder'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_fs_command -a find -d 'find files and folders by name'
complete -c sandboxdeck-cli -n __sandboxdeck_cli_needs_blaxel_fs_command -a grep -d 'print the lines that contain a text'

# The server is the first argument of get, acquire, release and reset.
for command in get acquire release reset
    complete -c sandboxdeck-cli -n "__sandboxdeck_cli_is $command 0" -a "$servers" -d server
end

complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is list' -l server -x -a "$servers" -d 'only this server'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is list' -l tag -x -d 'only this tag'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is list' -l status -x -a "$statuses" -d 'only these statuses'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is get' -l show-secrets -d 'print secrets unmasked'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is acquire' -l benchmark -x -a "$benchmarks" -d benchmark
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is acquire' -l email -x -d 'test account email'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is acquire' -l tag -x -d 'tag it'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is acquire' -l ttl -x -d 'release after SECONDS'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is acquire' -l no-ttl -d 'never release by itself'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is release' -l is-ttl -d 'as the TTL task does'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is release' -l instance-id -x -d 'only if still this instance'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is prepare' -l benchmark -x -a "$benchmarks" -d benchmark
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is prepare' -l server -x -a "$servers" -d 'only this server'

complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local get' -l show-secrets -d 'print secrets unmasked'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local acquire' -l servers -x -a "ALL $local_servers" -d 'servers, comma-separated, or ALL'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local acquire' -l benchmark -x -a "$benchmarks" -d benchmark
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local acquire' -l email -x -d 'test account email'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local acquire' -l ttl -x -d 'release after SECONDS'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local acquire' -l no-ttl -d 'never release by itself'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local upload' -l region -x -a 'us asia' -d region
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local upload; and not __sandboxdeck_cli_is local upload 0' -F
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local dump' -l out -r -a '(__fish_complete_path (commandline -ct))' -d 'save as this .tar.gz'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local dump' -l force -d 'replace an existing --out file'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local dump' -l extract -x -a '(__fish_complete_directories)' -d 'extract into this folder'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local dump' -l region -x -a 'us asia' -d region
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local exec' -l name -x -d 'the execution name'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local exec' -l follow -d 'stream the log until it ends'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local exec' -l raw -d 'write the log bytes as received'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local exec' -l artifacts -x -a '(__fish_complete_directories)' -d 'extract the execution folder here'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local exec' -l region -x -a 'us asia' -d region
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local exec 1' -x -a '(__fish_complete_directories)'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local logs' -l follow -d 'follow until the execution ends'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local logs' -l raw -d 'write the log bytes as received'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local logs' -l cursor -x -d 'start at this byte'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local artifacts' -l extract -x -a '(__fish_complete_directories)' -d 'extract into this folder'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is local artifacts' -l region -x -a 'us asia' -d region

complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel list' -l status -x -a "$blaxel_statuses" -d 'only these statuses'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel list' -l search -x -d 'only names or labels containing this'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel list' -l all -d 'include terminated sandboxes'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel create' -l image -x -d 'the image it runs'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel create' -l display-name -x -d 'a name for people'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel create' -l memory -x -d 'memory in MB'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel create' -l region -x -d 'where it runs'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel create' -l label -x -d 'a label k=v'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel create' -l port -x -d 'a port it serves'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel create' -l env -x -d 'an environment variable K=V'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel create' -l secret-env -x -d 'a secret environment variable K=V'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel create' -l ttl -x -d 'delete after a duration (24h)'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel delete' -l wait -d 'wait until TERMINATED'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel upload; and not __sandboxdeck_cli_is blaxel upload 0' -F
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel dump' -l out -r -a '(__fish_complete_path (commandline -ct))' -d 'save as this .tar.gz'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel dump' -l force -d 'replace an existing --out file'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel dump' -l extract -x -a '(__fish_complete_directories)' -d 'extract into this folder'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel fs put 1' -F
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel fs get 2' -F
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel fs get' -l force -d 'replace LOCAL if it exists'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel fs rm' -l recursive -d 'remove a folder with everything in it'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel fs find' -l name -x -d 'only the names that match GLOB'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel fs find' -l type -x -a 'file directory' -d 'only files or only folders'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel logs' -l stdout -d 'only its stdout'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel logs' -l stderr -d 'only its stderr'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel logs' -l follow -d 'keep printing until it ends'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is blaxel kill' -l stop -d 'ask it to stop (SIGTERM) instead'
for command in list get create delete upload dump 'fs ls' 'fs cat' 'fs put' 'fs get' 'fs rm' 'fs find' 'fs grep' ps logs kill connect
    complete -c sandboxdeck-cli -n "__sandboxdeck_cli_is blaxel $command" -l workspace -x -d 'the Blaxel workspace'
end

for command in dump init
    complete -c sandboxdeck-cli -n "__sandboxdeck_cli_is data $command 0" -a "$data_servers" -d server
end
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is data dump' -l out -r -a '(__fish_complete_path (commandline -ct))' -d 'save the data as this file'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is data dump' -l force -d 'replace an existing --out file'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is data init' -l file -r -a '(__fish_complete_path (commandline -ct))' -d 'the JSON body to send'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is data init' -l default -d "the provider's default data"
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is data diff; and not __sandboxdeck_cli_is data diff 2' -F
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is mcp diff; and not __sandboxdeck_cli_is mcp diff 2' -F
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is mcp call' -l args -x -d 'the arguments as a JSON object'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is mcp call' -l arg -x -d 'one argument k=v'
for command in info tools call ping
    complete -c sandboxdeck-cli -n "__sandboxdeck_cli_is mcp $command" -l sandbox -x -a "$servers" -d 'URL is a Klavis sandbox ID of this server'
    complete -c sandboxdeck-cli -n "__sandboxdeck_cli_is mcp $command" -l local -x -d 'URL is a server of this local sandbox'
end

complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command run' -a create -d 'provision a run'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command run' -a list -d 'list the runs'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command run' -a show -d 'show a run'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command run' -a release -d 'release what a run holds'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command run' -a adopt -d 'keep the leftovers of interrupted acquires'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command run' -a manifest -d "write a run's manifest"
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command run' -a import -d 'read a run manifest into the ledger'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l servers -x -d 'Klavis sandboxes per server, S:N,...'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l local -x -d 'local sandboxes each hosting these servers, S,S:N'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l benchmark -x -a "$benchmarks" -d 'the benchmark'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l ttl -x -d 'seconds until each is released by itself'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l prepare -d 'ask for capacity first'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l urls-out -r -a '(__fish_complete_path (commandline -ct))' -d 'the JSON URL map'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l env-out -r -a '(__fish_complete_path (commandline -ct))' -d 'the .env file'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l mcp-dir -x -a '(__fish_complete_directories (commandline -ct))' -d 'mcpServers configs'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l seed-data -r -a '(__fish_complete_path (commandline -ct))' -d 'server data for each sandbox'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run create' -l seed-workspace -r -a '(__fish_complete_path (commandline -ct))' -d 'a folder or .tar.gz for each local sandbox'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run manifest' -l out -r -a '(__fish_complete_path (commandline -ct))' -d 'the manifest file'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run manifest' -l force -d 'replace an existing --out file'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is run import 0' -F
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is leaks' -l older-than -x -d 'held longer than: 90s, 45m, 2h, 3d'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is leaks' -l release -d 'release every leak found'

complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command universe' -a list -d 'list the universes'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command universe' -a data -d 'print the initial data of a universe'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command universe' -a acquire -d 'take an instance of a universe'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command universe' -a release -d 'give an instance back'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command universe' -a task -d 'show a task'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_needs_group_command universe' -a verify -d "check a task against an instance's data"
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is universe data' -l service -x -d 'only the data of this service'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is universe acquire' -l run -x -d 'hold it in this run'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is universe acquire' -l mcp-config -r -a '(__fish_complete_path (commandline -ct))' -d 'write its mcpServers config'
complete -c sandboxdeck-cli -n '__sandboxdeck_cli_is universe task' -l prompt -d 'print only the prompt'

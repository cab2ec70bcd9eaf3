# bash completion for sandboxdeck-cli                                     -*- shell-script -*-
#
# The name lists below are ServerLists::sandboxServers(), localServers(), benchmarks() and statuses()
# (app/catalog/serverlists.cpp), BlaxelStatus::statuses() (app/api/blaxelstatus.cpp) and DataServers::names()
# (app/catalog/dataservers.cpp);
# tests/cli/cli_completions.py fails when they differ.

_sandboxdeck_cli_servers="jira github salesforce hubspot notion airtable linear asana google_sheets google_drive google_docs gmail google_calendar google_forms clickup close monday motion onedrive microsoft_teams outlook_mail cal.com quickbooks moneybird dropbox shopify woocommerce outlook_calendar resend wordpress mem0 supabase slack confluence discord snowflake postgres mongodb youtube googleworkspaceatlas huggingface arxiv_latex calculator clinicaltrialsgov fetch met_museum open_library osm pubmed us_weather duckduckgo whois wikipedia scholarly howtocook yahoo_finance 12306 youtube_transcript weather twelvedata national_parks lara_translate e2b context7 alchemy weights_and_biases oxylabs google_maps brave_search exa serper"
_sandboxdeck_cli_local_servers="filesystem git terminal desktop-commander arxiv excel word powerpoint code-executor code-runner pdf-tools google_cloud poste_email_toolathlon canvas localmemory playwright"
_sandboxdeck_cli_benchmarks="MCP_Atlas Toolathlon MCP_Mark"
_sandboxdeck_cli_statuses="idle occupied error"
_sandboxdeck_cli_data_servers="airtable asana cal.com clickup close confluence discord dropbox github gmail google_calendar google_docs google_drive google_forms google_sheets googleworkspaceatlas hubspot huggingface jira linear mem0 microsoft_teams monday moneybird mongodb motion notion onedrive outlook_calendar outlook_mail postgres quickbooks resend salesforce shopify slack snowflake supabase woocommerce wordpress youtube"
_sandboxdeck_cli_blaxel_statuses="DEPLOYING DEPLOYED FAILED DELETING TERMINATED DEACTIVATING DEACTIVATED BUILDING BUILT UPLOADING ARCHIVING ARCHIVED UNARCHIVING"

_sandboxdeck_cli_commands="list get acquire release reset prepare local blaxel data mcp run leaks universe"
_sandboxdeck_cli_local_commands="list get acquire release reset upload dump exec logs artifacts"
_sandboxdeck_cli_blaxel_commands="list get create delete upload dump fs ps logs kill connect"
_sandboxdeck_cli_blaxel_fs_commands="ls cat put get rm find grep"
_sandboxdeck_cli_data_commands="dump init diff"
_sandboxdeck_cli_mcp_commands="info tools call ping diff"
_sandboxdeck_cli_run_commands="create list show release adopt manifest import"
_sandboxdeck_cli_universe_commands="list data acquire release task verify"
_sandboxdeck_cli_global_options="--base-url --json --timeout --help --version"
# The options that take a value: their value is not a command or an argument.
_sandboxdeck_cli_value_options="--base-url --timeout --server --servers --status --benchmark --email --tag --ttl --instance-id --region --out --extract --search --workspace --image --display-name --memory --label --port --env --secret-env --file --args --arg --sandbox --local --older-than --urls-out --env-out --mcp-dir --seed-data --seed-workspace --name --artifacts --cursor --service --run --mcp-config --type"

_sandboxdeck_cli_options_of() {
    case $1 in
        list) echo "--server --tag --status" ;;
        get | "local get") echo "--show-secrets" ;;
        acquire) echo "--benchmark --email --tag --ttl --no-ttl" ;;
        release) echo "--is-ttl --instance-id" ;;
        prepare) echo "--benchmark --server" ;;
        "local acquire") echo "--servers --benchmark --email --ttl --no-ttl" ;;
        "local upload") echo "--region" ;;
        "local dump") echo "--out --force --extract --region" ;;
        "local exec") echo "--name --follow --raw --artifacts --region" ;;
        "local logs") echo "--follow --cursor --raw" ;;
        "local artifacts") echo "--extract --region" ;;
        "blaxel list") echo "--status --search --all --workspace" ;;
        "blaxel get") echo "--workspace" ;;
        "blaxel create") echo "--image --display-name --memory --region --label --port --env --secret-env --ttl --workspace" ;;
        "blaxel delete") echo "--wait --workspace" ;;
        "blaxel upload") echo "--workspace" ;;
        "blaxel dump") echo "--out --force --extract --workspace" ;;
        "blaxel fs ls" | "blaxel fs cat" | "blaxel fs put" | "blaxel fs grep" | "blaxel ps" | "blaxel connect") echo "--workspace" ;;
        "blaxel fs get") echo "--force --workspace" ;;
        "blaxel fs rm") echo "--recursive --workspace" ;;
        "blaxel fs find") echo "--name --type --workspace" ;;
        "blaxel logs") echo "--stdout --stderr --follow --workspace" ;;
        "blaxel kill") echo "--stop --workspace" ;;
        "data dump") echo "--out --force" ;;
        "data init") echo "--file --default" ;;
        "mcp call") echo "--args --arg --sandbox --local" ;;
        "mcp info" | "mcp tools" | "mcp ping") echo "--sandbox --local" ;;
        "run create") echo "--servers --local --benchmark --ttl --prepare --urls-out --env-out --mcp-dir --seed-data --seed-workspace" ;;
        "run manifest") echo "--out --force" ;;
        leaks) echo "--older-than --release" ;;
        "universe data") echo "--service" ;;
        "universe acquire") echo "--run --mcp-config" ;;
        "universe task") echo "--prompt" ;;
    esac
}

_sandboxdeck_cli_files() {
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$1"))
}

_sandboxdeck_cli() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()

    # Blaxel's --status and --region take Blaxel's words.
    local blaxel=0
    [[ " ${COMP_WORDS[*]:0:COMP_CWORD} " == *" blaxel "* ]] && blaxel=1

    case $prev in
        --server) COMPREPLY=($(compgen -W "$_sandboxdeck_cli_servers" -- "$cur")) && return ;;
        --benchmark) COMPREPLY=($(compgen -W "$_sandboxdeck_cli_benchmarks" -- "$cur")) && return ;;
        --region)
            ((blaxel)) || COMPREPLY=($(compgen -W "us asia" -- "$cur"))
            return
            ;;
        --status)
            # idle,occupied: complete the word after the last comma.
            local taken="" word=$cur statuses=$_sandboxdeck_cli_statuses
            ((blaxel)) && statuses=$_sandboxdeck_cli_blaxel_statuses
            if [[ $cur == *,* ]]; then
                taken=${cur%,*},
                word=${cur##*,}
            fi
            COMPREPLY=($(compgen -P "$taken" -W "$statuses" -- "$word"))
            compopt -o nospace 2>/dev/null
            return
            ;;
        --out | --file | --urls-out | --env-out | --seed-data | --seed-workspace | --mcp-config)
            _sandboxdeck_cli_files "$cur" && return
            ;;
        --sandbox) COMPREPLY=($(compgen -W "$_sandboxdeck_cli_servers" -- "$cur")) && return ;;
        --extract | --mcp-dir | --artifacts)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -d -- "$cur")) && return
            ;;
        --servers)
            # a,b,c: complete the name after the last comma.
            local done="" last=$cur
            if [[ $cur == *,* ]]; then
                done=${cur%,*},
                last=${cur##*,}
            fi
            COMPREPLY=($(compgen -P "$done" -W "ALL $_sandboxdeck_cli_local_servers" -- "$last"))
            compopt -o nospace 2>/dev/null
            return
            ;;
        --type)
            ((blaxel)) && COMPREPLY=($(compgen -W "file directory" -- "$cur"))
            return
            ;;
        --base-url | --timeout | --email | --tag | --ttl | --instance-id | --search | --workspace | --image | \
            --display-name | --memory | --label | --port | --env | --secret-env | --args | --arg | --local | \
            --older-than | --service | --run) return ;;
    esac

    # The command, local's or blaxel's sub-command (and blaxel fs's) and the number of arguments typed so far.
    local i word command="" arguments=0 options_ended=0
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if ((options_ended)); then
            ((arguments++))
            continue
        fi
        case " $_sandboxdeck_cli_value_options " in
            *" $word "*)
                ((i++))
                continue
                ;;
        esac
        case $word in
            --) options_ended=1 ;;
            -*) ;;
            *)
                if [[ -z $command ]]; then
                    command=$word
                elif [[ $command == local || $command == blaxel || $command == "blaxel fs" || $command == data || \
                    $command == mcp || $command == run || $command == universe ]]; then
                    command="$command $word"
                else
                    ((arguments++))
                fi
                ;;
        esac
    done

    if [[ $cur == -* ]] && ((!options_ended)); then
        COMPREPLY=($(compgen -W "$_sandboxdeck_cli_global_options $(_sandboxdeck_cli_options_of "$command")" -- "$cur"))
        return
    fi
    case $command in
        "") COMPREPLY=($(compgen -W "$_sandboxdeck_cli_commands" -- "$cur")) ;;
        local) COMPREPLY=($(compgen -W "$_sandboxdeck_cli_local_commands" -- "$cur")) ;;
        blaxel) COMPREPLY=($(compgen -W "$_sandboxdeck_cli_blaxel_commands" -- "$cur")) ;;
        "blaxel fs") COMPREPLY=($(compgen -W "$_sandboxdeck_cli_blaxel_fs_commands" -- "$cur")) ;;
        "blaxel fs put") ((arguments == 1)) && _sandboxdeck_cli_files "$cur" ;;
        "blaxel fs get") ((arguments == 2)) && _sandboxdeck_cli_files "$cur" ;;
        data) COMPREPLY=($(compgen -W "$_sandboxdeck_cli_data_commands" -- "$cur")) ;;
        mcp) COMPREPLY=($(compgen -W "$_sandboxdeck_cli_mcp_commands" -- "$cur")) ;;
        run) COMPREPLY=($(compgen -W "$_sandboxdeck_cli_run_commands" -- "$cur")) ;;
        universe) COMPREPLY=($(compgen -W "$_sandboxdeck_cli_universe_commands" -- "$cur")) ;;
        "run import") ((arguments == 0)) && _sandboxdeck_cli_files "$cur" ;;
        "data dump" | "data init")
            ((arguments == 0)) && COMPREPLY=($(compgen -W "$_sandboxdeck_cli_data_servers" -- "$cur"))
            ;;
        "data diff" | "mcp diff") ((arguments < 2)) && _sandboxdeck_cli_files "$cur" ;;
        get | acquire | release | reset)
            ((arguments == 0)) && COMPREPLY=($(compgen -W "$_sandboxdeck_cli_servers" -- "$cur"))
            ;;
        "local upload" | "blaxel upload") ((arguments >= 1)) && _sandboxdeck_cli_files "$cur" ;;
        "local exec")
            compopt -o filenames 2>/dev/null
            ((arguments == 1)) && COMPREPLY=($(compgen -d -- "$cur"))
            ;;
    esac
    return 0
}

complete -F _sandboxdeck_cli sandboxdeck-cli

#!/usr/bin/env bash
# clang-tidy with the repository's .clang-tidy over the C++ sources of app/ and ui/, using the compile
# database of a configured build (default build/ci). Any finding fails the run and is printed once.
#   packaging/run-clang-tidy.sh [BUILD_DIR] [--changed REF]
# --changed REF checks only the sources changed since REF (and those whose header changed), for a quick
# look before a commit; CI checks all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/ci
changed_since=""
while [ $# -gt 0 ]; do
    case $1 in
    --changed) changed_since=$2; shift 2 ;;
    *) build=$1; shift ;;
    esac
done
tidy=$(command -v clang-tidy-14 || command -v clang-tidy)

# bugprone-reserved-identifier is left out of .clang-tidy for its cost; this grep stands in for it: no name
# of ours begins with an underscore and a capital or holds a double underscore. Allowed: Qt's _L1 literal
# suffix, the compiler's predefined macros, and Python's __pycache__ folder, a string the Blaxel emulator's
# search skips as the sandbox API does (clang-tidy's check never looks inside strings).
reserved=$(git ls-files -z 'app/*.cpp' 'app/*.h' 'ui/*.cpp' 'ui/*.h' 'tests/*.cpp' 'tests/*.h' |
    xargs -0 grep -nowE '(_[A-Z_]|[A-Za-z][A-Za-z0-9]*__)[A-Za-z0-9_]*' |
    grep -vE ':(_L1|__FILE__|__LINE__|__func__|__SANITIZE_ADDRESS__|__has_feature|__has_include|__pycache__)$' || true)
if [ -n "$reserved" ]; then
    echo "$reserved"
    echo "run-clang-tidy: reserved identifiers (a leading underscore and capital, or a double underscore)" >&2
    exit 1
fi
[ -f "$build/compile_commands.json" ] || { echo "run-clang-tidy: configure $build first" >&2; exit 2; }

if [ -n "$changed_since" ]; then
    mapfile -t changed < <(git diff --name-only "$changed_since" -- 'app/*' 'ui/*')
    files=()
    for file in "${changed[@]}"; do
        case $file in
        *.cpp) [ -f "$file" ] && files+=("$file") ;;
        *.h) [ -f "${file%.h}.cpp" ] && files+=("${file%.h}.cpp") ;;
        esac
    done
    mapfile -t files < <(printf '%s\n' "${files[@]}" | sort -u | sed '/^$/d')
else
    mapfile -t files < <(git ls-files 'app/*.cpp' 'ui/*.cpp')
fi
echo "clang-tidy: ${#files[@]} files, $(nproc) at a time ($("$tidy" --version | grep -o 'version [0-9.]*'))"
[ ${#files[@]} -gt 0 ] || exit 0

log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
printf '%s\0' "${files[@]}" |
    xargs -0 -P "$(nproc)" -n 4 "$tidy" -p "$build" --quiet --warnings-as-errors='*' >"$log" 2>&1 || rc=$?
# A header's finding is reported by every file that includes it: print each once.
findings=$(grep -E '^[^ ].*:[0-9]+:[0-9]+: (warning|error):' "$log" | sort -u || true)
if [ "$rc" -ne 0 ] || [ -n "$findings" ]; then
    echo "$findings"
    [ -n "$findings" ] || grep -v 'warnings generated\|^Suppressed\|^Use -header-filter' "$log" | head -40
    echo "clang-tidy: $(printf '%s\n' "$findings" | sed '/^$/d' | wc -l) findings"
    exit 1
fi
echo "clang-tidy: no findings"

#include "ledger/ledgerwords.h"

#include <QStringView>

#include <utility>

namespace {

constexpr std::pair<LedgerRunState, QStringView> runStates[] = {
    {LedgerRunState::Provisioning, u"provisioning"}, {LedgerRunState::Open, u"open"},
    {LedgerRunState::Cancelled, u"cancelled"},       {LedgerRunState::Released, u"released"},
    {LedgerRunState::Imported, u"imported"},
};
constexpr std::pair<LedgerProvider, QStringView> providers[] = {
    {LedgerProvider::Klavis, u"klavis"},
    {LedgerProvider::KlavisLocal, u"klavis-local"},
    {LedgerProvider::Blaxel, u"blaxel"},
    {LedgerProvider::KlavisUniverse, u"klavis-universe"},
};
constexpr std::pair<LedgerRelease, QStringView> releases[] = {
    {LedgerRelease::Released, u"released"},
    {LedgerRelease::Vanished, u"vanished"},
    {LedgerRelease::Forgotten, u"forgotten"},
};
constexpr std::pair<LedgerOperationKind, QStringView> operationKinds[] = {
    {LedgerOperationKind::Acquire, u"acquire"},    {LedgerOperationKind::Release, u"release"},
    {LedgerOperationKind::Reset, u"reset"},        {LedgerOperationKind::Upload, u"upload"},
    {LedgerOperationKind::Dump, u"dump"},          {LedgerOperationKind::DataInit, u"data-init"},
    {LedgerOperationKind::DataDump, u"data-dump"}, {LedgerOperationKind::Prepare, u"prepare"},
    {LedgerOperationKind::Execute, u"execute"},
};
constexpr std::pair<LedgerOperationState, QStringView> operationStates[] = {
    {LedgerOperationState::Intent, u"intent"},   {LedgerOperationState::Succeeded, u"succeeded"},
    {LedgerOperationState::Failed, u"failed"},   {LedgerOperationState::Ambiguous, u"ambiguous"},
    {LedgerOperationState::Adopted, u"adopted"}, {LedgerOperationState::Abandoned, u"abandoned"},
};

template <typename E, std::size_t N> QString wordOf(const std::pair<E, QStringView> (&table)[N], E value)
{
    for (const auto &[entry, word] : table)
        if (entry == value)
            return word.toString();
    return {};
}

template <typename E, std::size_t N>
std::optional<E> valueOf(const std::pair<E, QStringView> (&table)[N], const QString &word)
{
    for (const auto &[entry, spelling] : table)
        if (spelling == word)
            return entry;
    return std::nullopt;
}

} // namespace

QString LedgerWords::word(LedgerRunState state)
{
    return wordOf(runStates, state);
}

QString LedgerWords::word(LedgerProvider provider)
{
    return wordOf(providers, provider);
}

QString LedgerWords::word(LedgerRelease release)
{
    return wordOf(releases, release);
}

QString LedgerWords::word(LedgerOperationKind kind)
{
    return wordOf(operationKinds, kind);
}

QString LedgerWords::word(LedgerOperationState state)
{
    return wordOf(operationStates, state);
}

std::optional<LedgerRunState> LedgerWords::runState(const QString &word)
{
    return valueOf(runStates, word);
}

std::optional<LedgerProvider> LedgerWords::provider(const QString &word)
{
    return valueOf(providers, word);
}

std::optional<LedgerRelease> LedgerWords::release(const QString &word)
{
    return valueOf(releases, word);
}

std::optional<LedgerOperationKind> LedgerWords::operationKind(const QString &word)
{
    return valueOf(operationKinds, word);
}

std::optional<LedgerOperationState> LedgerWords::operationState(const QString &word)
{
    return valueOf(operationStates, word);
}

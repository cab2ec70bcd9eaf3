#include "runs/leakfinder.h"

#include <QHash>

#include <algorithm>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

QString identity(LedgerProvider provider, const QString &sandboxId)
{
    return QString::number(int(provider)) + u'/' + sandboxId;
}

bool runIsOpen(const QList<LedgerRun> &runs, const QString &name)
{
    return std::any_of(runs.cbegin(), runs.cend(), [&name](const LedgerRun &run) {
        return run.name == name &&
               (run.state == LedgerRunState::Provisioning || run.state == LedgerRunState::Open);
    });
}

bool isOccupied(const SandboxSummary &sandbox)
{
    return sandbox.isOccupied();
}

// The local list names the account's local sandboxes, but one released back to the pool stays listed as
// idle: only an occupied one (or one whose status the server left out) is held.
bool isHeld(const LocalSandbox &sandbox)
{
    return sandbox.status.isEmpty() || SandboxSummary::isOccupiedStatus(sandbox.status);
}

// A hundred thousand leaks have a handful of distinct reason lists: each leak shares one of them.
QList<LeakReason> sharedReasons(QList<QList<LeakReason>> &known, QList<LeakReason> reasons)
{
    for (const auto &list : std::as_const(known))
        if (list == reasons)
            return list;
    if (!reasons.isEmpty())
        known.append(reasons);
    return reasons;
}

} // namespace

LeakReport LeakFinder::find(const LeakInput &input)
{
    // Each held sandbox of the ledger by identity (of one listed twice, the last), and whether the server
    // holds it: marked here rather than gathering the identities of every held sandbox into a set of its own.
    QHash<QString, qsizetype> ledger;
    for (qsizetype i = 0; i < input.ledgerHeld.size(); ++i)
        ledger.insert(identity(input.ledgerHeld.at(i).provider, input.ledgerHeld.at(i).sandboxId), i);
    std::vector<char> heldOnTheServer(size_t(input.ledgerHeld.size()), 0);

    // Counted first: a large account holds a hundred thousand sandboxes, and a list grown by doubling, then
    // copied into the report, held three times their size at its peak.
    qsizetype heldCount = 0;
    for (const auto &sandbox : input.sandboxes)
        heldCount += isOccupied(sandbox) ? 1 : 0;
    for (const auto &sandbox : input.localSandboxes)
        heldCount += isHeld(sandbox) ? 1 : 0;
    for (const auto &sandbox : input.ledgerHeld)
        heldCount += sandbox.provider == LedgerProvider::KlavisUniverse ? 1 : 0;
    QList<Leak> held;
    held.reserve(heldCount);
    const auto heldOnServer = [&held](LedgerProvider provider, const QStringList &servers, const QString &id,
                                      const QDateTime &since) {
        Leak &leak = held.emplaceBack();
        leak.provider = provider;
        leak.servers = servers;
        leak.sandboxId = id;
        leak.heldSince = since;
    };
    QHash<QString, QStringList> serverLists; // one shared list per server, not one per sandbox
    for (const auto &sandbox : input.sandboxes) {
        if (!isOccupied(sandbox))
            continue;
        QStringList &servers = serverLists[sandbox.serverName];
        if (servers.isEmpty())
            servers = {sandbox.serverName};
        heldOnServer(LedgerProvider::Klavis, servers, sandbox.sandboxId, sandbox.updatedAt);
    }
    for (const auto &sandbox : input.localSandboxes) {
        if (!isHeld(sandbox))
            continue;
        QStringList servers;
        for (const auto &server : sandbox.servers)
            servers.append(server.displayName());
        heldOnServer(LedgerProvider::KlavisLocal, servers, sandbox.localSandboxId, sandbox.createdAt);
    }
    // The API lists universes, not the instances an account holds: the ledger is the only witness of those,
    // so what it holds is taken as held (never as vanished).
    for (const auto &sandbox : input.ledgerHeld)
        if (sandbox.provider == LedgerProvider::KlavisUniverse)
            heldOnServer(sandbox.provider, sandbox.servers, sandbox.sandboxId, sandbox.acquiredAt);

    LeakReport report;
    QList<QList<LeakReason>> reasonLists; // the few distinct combinations, shared by every leak
    for (auto &leak : held) {
        const LedgerSandbox *known = nullptr;
        if (const auto found = ledger.constFind(identity(leak.provider, leak.sandboxId));
            found != ledger.cend()) {
            heldOnTheServer[size_t(*found)] = 1;
            known = &input.ledgerHeld.at(*found);
        }
        if (known) {
            leak.knownToLedger = true;
            leak.run = known->run;
            if (known->acquiredAt.isValid())
                leak.heldSince = known->acquiredAt;
            if (known->acquiredAt.isValid() && known->ttlSeconds > 0)
                leak.expiresAt = known->acquiredAt.addSecs(known->ttlSeconds);
        }
        QList<LeakReason> reasons;
        if (!known || known->run.isEmpty() || !runIsOpen(input.runs, known->run))
            reasons.append(LeakReason::Unclaimed);
        if (leak.expiresAt.isValid() && leak.expiresAt <= input.now)
            reasons.append(LeakReason::PastTtl);
        if (input.thresholdSeconds && leak.heldSince.isValid() &&
            leak.heldSince.addSecs(*input.thresholdSeconds) <= input.now)
            reasons.append(LeakReason::HeldTooLong);
        leak.reasons = sharedReasons(reasonLists, std::move(reasons));
        if (leak.expiresAt.isValid() && leak.expiresAt > input.now &&
            leak.expiresAt <= input.now.addSecs(input.expiryWarningSeconds))
            report.expiringSoon.append(leak);
    }
    std::sort(report.expiringSoon.begin(), report.expiringSoon.end(),
              [](const Leak &a, const Leak &b) { return a.expiresAt < b.expiresAt; });
    // Filtered where they lie, not copied into a second list.
    held.removeIf([](const Leak &leak) { return leak.reasons.isEmpty(); });
    held.squeeze();
    report.leaks = std::move(held);
    for (const auto &sandbox : input.ledgerHeld)
        if (!heldOnTheServer[size_t(ledger.value(identity(sandbox.provider, sandbox.sandboxId)))])
            report.vanished.append(sandbox);

    std::sort(report.leaks.begin(), report.leaks.end(), [](const Leak &a, const Leak &b) {
        // Unknown times last: they are the ones a person can say least about.
        if (a.heldSince.isValid() != b.heldSince.isValid())
            return a.heldSince.isValid();
        if (a.heldSince != b.heldSince)
            return a.heldSince < b.heldSince;
        if (a.provider != b.provider)
            return a.provider < b.provider;
        return a.sandboxId < b.sandboxId;
    });
    return report;
}

QString LeakFinder::word(LeakReason reason)
{
    switch (reason) {
    case LeakReason::Unclaimed:
        return u"unclaimed"_s;
    case LeakReason::PastTtl:
        return u"past-ttl"_s;
    case LeakReason::HeldTooLong:
        return u"held-too-long"_s;
    }
    return {};
}

std::optional<qint64> LeakFinder::parseDuration(const QString &text)
{
    QString digits = text.trimmed();
    qint64 unit = 1;
    if (!digits.isEmpty() && !digits.back().isDigit()) {
        static const QHash<QChar, qint64> units{{u's', 1}, {u'm', 60}, {u'h', 3600}, {u'd', 86400}};
        if (!units.contains(digits.back()))
            return std::nullopt;
        unit = units.value(digits.back());
        digits.chop(1);
    }
    bool ok = false;
    const qint64 count = digits.toLongLong(&ok);
    // Ten years is a typo too; it also keeps the product far from overflowing.
    if (!ok || count < 0 || count > qint64(10) * 366 * 86400 / unit)
        return std::nullopt;
    return count * unit;
}

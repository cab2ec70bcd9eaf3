#include "previews/previewtokendialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QUrlQuery>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QWidget *withCopyButton(QLineEdit *field, const QString &name, const QString &copyText, QWidget *parent)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(field, 1);
    auto *copy = new QPushButton(copyText, row);
    copy->setObjectName(name);
    layout->addWidget(copy);
    QObject::connect(copy, &QPushButton::clicked, field,
                     [field] { QApplication::clipboard()->setText(field->text()); });
    return row;
}

} // namespace

PreviewTokenDialog::PreviewTokenDialog(const QString &preview, const QUrl &previewUrl,
                                       const BlaxelPreviewToken &token, QWidget *parent)
    : QDialog(parent), m_token(new QLineEdit(token.value, this)), m_url(new QLineEdit(this))
{
    setObjectName(u"previewTokenDialog"_s);
    setWindowTitle(tr("Token for %1").arg(preview));
    const QUrl withToken = urlWithToken(previewUrl, token.value);
    m_token->setObjectName(u"previewToken"_s);
    m_token->setReadOnly(true);
    m_url->setObjectName(u"previewTokenUrl"_s);
    m_url->setReadOnly(true);
    m_url->setText(withToken.toString(QUrl::FullyEncoded));
    auto *note = new QLabel(tr("Shown once: SandboxDeck keeps the token nowhere. Valid until %1.")
                                .arg(QLocale().toString(token.expiresAt.toLocalTime(), QLocale::ShortFormat)),
                            this);
    note->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("Token:"), withCopyButton(m_token, u"copyTokenButton"_s, tr("&Copy"), this));
    form->addRow(tr("URL:"), withCopyButton(m_url, u"copyTokenUrlButton"_s, tr("Co&py"), this));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *open = buttons->addButton(tr("&Open in Browser"), QDialogButtonBox::ActionRole);
    open->setObjectName(u"openTokenUrlButton"_s);
    open->setEnabled(withToken.isValid());
    connect(open, &QPushButton::clicked, this, [withToken] { QDesktopServices::openUrl(withToken); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(form);
    layout->addWidget(buttons);
    setMinimumWidth(fontMetrics().averageCharWidth() * 80);
}

QUrl PreviewTokenDialog::urlWithToken(const QUrl &previewUrl, const QString &token)
{
    if (!previewUrl.isValid())
        return {};
    QUrl url = previewUrl;
    QUrlQuery query(url);
    query.removeAllQueryItems(u"bl_preview_token"_s);
    query.addQueryItem(u"bl_preview_token"_s, QString::fromLatin1(QUrl::toPercentEncoding(token)));
    url.setQuery(query);
    return url;
}

#include "common/formdialog.h"

#include "api/acquirerequest.h"
#include "api/apierror.h"
#include "catalog/serverlists.h"
#include "common/errorcolour.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

constexpr int minimumFormWidth = 440;

} // namespace

FormDialog::FormDialog(const QString &title, QWidget *parent)
    : QDialog(parent), m_formArea(new QWidget(this)), m_form(new QFormLayout(m_formArea)),
      m_statusIcon(new QLabel(this)), m_statusLabel(new QLabel(this)),
      m_busyIndicator(new QProgressBar(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(title);
    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);

    m_statusLabel->setWordWrap(true);
    m_statusLabel->setTextFormat(Qt::PlainText);
    m_statusLabel->setObjectName(u"statusLabel"_s);
    m_statusIcon->setVisible(false);
    m_busyIndicator->setRange(0, 0); // indeterminate: the API gives no progress for a call
    m_busyIndicator->setMaximumWidth(90);
    m_busyIndicator->setMaximumHeight(m_statusLabel->fontMetrics().height());
    m_busyIndicator->setTextVisible(false);
    m_busyIndicator->setVisible(false);

    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_statusIcon, 0, Qt::AlignTop);
    statusRow->addWidget(m_statusLabel, 1);
    statusRow->addWidget(m_busyIndicator, 0, Qt::AlignVCenter);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_formArea);
    layout->addStretch(1);
    layout->addLayout(statusRow);
    layout->addWidget(m_buttons);

    // OK does not accept: the caller does, once the server agreed.
    connect(m_buttons, &QDialogButtonBox::accepted, this, &FormDialog::onOk);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    setMinimumWidth(minimumFormWidth);
}

FormDialog::~FormDialog() = default;

QWidget *FormDialog::formRowWidget(QWidget *field) const
{
    for (QWidget *w = field; w && w != m_formArea; w = w->parentWidget()) {
        int row = -1;
        QFormLayout::ItemRole role;
        m_form->getWidgetPosition(w, &row, &role);
        if (row >= 0)
            return w;
    }
    return nullptr;
}

void FormDialog::addField(const QString &label, QWidget *field, const QString &apiFieldName)
{
    m_form->addRow(label, field);
    if (!apiFieldName.isEmpty())
        registerField(apiFieldName, field);
}

void FormDialog::addFormWidget(QWidget *widget)
{
    m_form->addRow(widget);
}

void FormDialog::registerField(const QString &apiFieldName, QWidget *field)
{
    Q_ASSERT(field);
    if (m_errorLabels.contains(apiFieldName))
        return;
    QWidget *rowWidget = formRowWidget(field);
    if (!rowWidget) {
        m_form->addRow(field);
        rowWidget = field;
    }
    int row = -1;
    QFormLayout::ItemRole role;
    m_form->getWidgetPosition(rowWidget, &row, &role);

    auto *error = new QLabel(m_formArea);
    error->setObjectName(u"error_"_s + apiFieldName);
    error->setWordWrap(true);
    error->setTextFormat(Qt::PlainText);
    // The whole field column: a word-wrapped label otherwise settles for a narrow width of its own and
    // breaks a short sentence in two.
    error->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    if (role == QFormLayout::SpanningRole)
        m_form->insertRow(row + 1, error);
    else
        m_form->insertRow(row + 1, static_cast<QWidget *>(nullptr), error);
    m_form->setRowVisible(error, false);
    m_errorLabels.insert(apiFieldName, error);
    m_fields.insert(apiFieldName, field);
    m_fieldOrder << apiFieldName;
    applyErrorColour();

    // Editing a field takes its complaint away: the message described the old value.
    const auto clear = [this, apiFieldName] { setFieldError(apiFieldName, {}); };
    if (auto *edit = qobject_cast<QLineEdit *>(field))
        connect(edit, &QLineEdit::textEdited, this, clear);
    else if (auto *combo = qobject_cast<QComboBox *>(field))
        connect(combo, &QComboBox::currentTextChanged, this, clear);
    else if (auto *spin = qobject_cast<QSpinBox *>(field))
        connect(spin, &QSpinBox::valueChanged, this, clear);
    else if (auto *button = qobject_cast<QAbstractButton *>(field))
        connect(button, &QAbstractButton::toggled, this, clear);
    else if (auto *list = qobject_cast<QListWidget *>(field))
        connect(list, &QListWidget::itemChanged, this, clear);
}

QString FormDialog::validate()
{
    return checkTtlField() ? QString() : tr("Some fields need attention.");
}

bool FormDialog::event(QEvent *event)
{
    const bool handled = QDialog::event(event);
    if (event->type() == QEvent::LayoutRequest)
        fitHeightToContent();
    return handled;
}

void FormDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    fitHeightToContent();
}

void FormDialog::fitHeightToContent()
{
    QLayout *top = layout();
    if (!top)
        return;
    // The explicit minimum width (a form needs room for its fields) must not undercut what the layout
    // needs, or a wide field (the local server list) is cut at the right.
    if (const int neededWidth = std::max(minimumFormWidth, top->totalMinimumSize().width());
        neededWidth != minimumWidth())
        setMinimumWidth(neededWidth);
    if (!top->hasHeightForWidth())
        return;
    const int needed = top->totalHeightForWidth(width());
    if (needed > 0 && needed != minimumHeight())
        setMinimumHeight(needed);
}

void FormDialog::onOk()
{
    if (m_busy)
        return;
    clearErrors();
    const QString problem = validate();
    if (!problem.isEmpty()) {
        setStatus(problem, true);
        // Put the cursor where the first inline complaint is.
        for (const QString &name : std::as_const(m_fieldOrder)) {
            if (!fieldError(name).isEmpty()) {
                m_fields.value(name)->setFocus(Qt::OtherFocusReason);
                break;
            }
        }
        return;
    }
    emit submitted();
}

void FormDialog::setFieldError(const QString &apiFieldName, const QString &message)
{
    QLabel *label = m_errorLabels.value(apiFieldName);
    if (!label)
        return;
    label->setText(message);
    m_form->setRowVisible(label, !message.isEmpty());
}

QString FormDialog::fieldError(const QString &apiFieldName) const
{
    QLabel *label = m_errorLabels.value(apiFieldName);
    return label && m_form->isRowVisible(label) ? label->text() : QString();
}

void FormDialog::clearErrors()
{
    for (auto it = m_errorLabels.cbegin(); it != m_errorLabels.cend(); ++it)
        setFieldError(it.key(), {});
    setStatus({});
}

void FormDialog::showServerError(const ApiError &error)
{
    setBusy(false);
    clearErrors();
    QStringList unplaced;
    QWidget *firstField = nullptr;
    for (const FieldError &fieldError : error.fieldErrors()) {
        const QString name = fieldError.fieldName();
        if (!m_errorLabels.contains(name)) {
            unplaced << (name.isEmpty() ? fieldError.message : name + u": "_s + fieldError.message);
            continue;
        }
        const QString previous = this->fieldError(name);
        setFieldError(name, previous.isEmpty() ? fieldError.message : previous + u'\n' + fieldError.message);
        if (!firstField)
            firstField = m_fields.value(name);
    }
    if (error.fieldErrors().isEmpty())
        setStatus(error.fullText(), true);
    else if (unplaced.isEmpty())
        setStatus(error.message(), true);
    else
        setStatus(error.message() + u' ' + unplaced.join(u"; "_s), true);
    if (firstField)
        firstField->setFocus(Qt::OtherFocusReason);
}

void FormDialog::setBusy(bool busy, const QString &what)
{
    m_busy = busy;
    m_formArea->setEnabled(!busy);
    okButton()->setEnabled(!busy);
    m_busyIndicator->setVisible(busy);
    if (busy)
        setStatus(what.isEmpty() ? tr("Working…") : what);
    else if (!m_statusIsError)
        setStatus({});
}

void FormDialog::setStatus(const QString &text, bool isError)
{
    m_statusIsError = isError && !text.isEmpty();
    m_statusLabel->setText(text);
    m_statusIcon->setVisible(m_statusIsError);
    if (m_statusIsError) {
        const int size = m_statusLabel->fontMetrics().height();
        m_statusIcon->setPixmap(QIcon(u":/icons/error.svg"_s).pixmap(QSize(size, size), devicePixelRatioF()));
    }
    applyErrorColour();
}

QString FormDialog::statusText() const
{
    return m_statusLabel->text();
}

QPushButton *FormDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

void FormDialog::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyErrorColour();
}

void FormDialog::applyErrorColour()
{
    // Set on the labels only (not the dialog), so that this does not re-enter changeEvent.
    for (QLabel *label : std::as_const(m_errorLabels))
        ErrorColour::applyTo(label, palette());
    if (m_statusIsError) {
        ErrorColour::applyTo(m_statusLabel, palette());
    } else {
        QPalette statusPalette = m_statusLabel->palette();
        statusPalette.setColor(QPalette::WindowText, palette().color(QPalette::WindowText));
        m_statusLabel->setPalette(statusPalette);
    }
}

QComboBox *FormDialog::createBenchmarkCombo(QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->addItem(tr("None"), QString());
    for (const QString &name : ServerLists::benchmarks())
        combo->addItem(name, name);
    combo->setToolTip(tr("Preloads the benchmark's data and may route to its own MCP server."));
    return combo;
}

void FormDialog::addTtlField(const QString &label)
{
    auto *editor = new QWidget(this);
    auto *layout = new QHBoxLayout(editor);
    layout->setContentsMargins(0, 0, 0, 0);
    m_ttl = new QSpinBox(editor);
    // Wider than the API's bounds, so that 30 or 100000 stays as typed and is refused in words instead
    // of being clamped or reverted without a word.
    m_ttl->setRange(0, 999'999);
    m_ttl->setValue(7200); // the API's default
    m_ttl->setSingleStep(600);
    m_ttl->setSuffix(tr(" s"));
    m_ttl->setAccelerated(true);
    m_ttl->setKeyboardTracking(true);
    m_ttl->setObjectName(u"ttlSpinBox"_s);
    auto *hint = new QLabel(editor);
    hint->setObjectName(u"ttlHint"_s);
    const auto describe = [hint](int seconds) {
        const bool inRange =
            seconds >= AcquireRequest::minimumTtlSeconds && seconds <= AcquireRequest::maximumTtlSeconds;
        hint->setText(!inRange              ? QString()
                      : seconds % 3600 == 0 ? tr("= %n h", nullptr, seconds / 3600)
                      : seconds % 60 == 0   ? tr("= %n min", nullptr, seconds / 60)
                                            : QString());
    };
    describe(m_ttl->value());
    connect(m_ttl, &QSpinBox::valueChanged, hint, describe);
    m_noAutoRelease = new QCheckBox(tr("No auto-release"), editor);
    m_noAutoRelease->setToolTip(tr("Keep the sandbox until you release it. It holds capacity meanwhile."));
    connect(m_noAutoRelease, &QCheckBox::toggled, m_ttl, &QWidget::setDisabled);
    connect(m_noAutoRelease, &QCheckBox::toggled, hint, &QWidget::setDisabled);
    layout->addWidget(m_ttl);
    layout->addWidget(hint);
    layout->addStretch(1);
    layout->addWidget(m_noAutoRelease);
    editor->setFocusProxy(m_ttl); // the row label's mnemonic lands in the spin box
    addField(label, editor);
    registerField(u"ttl_seconds"_s, m_ttl);
    // After registerField's own connection, which clears the complaint on every change: a value still out
    // of range gets it back at once.
    connect(m_ttl, &QSpinBox::valueChanged, this, [this] { checkTtlField(); });
    connect(m_noAutoRelease, &QCheckBox::toggled, this, [this] { checkTtlField(); });
}

std::optional<int> FormDialog::ttlSeconds() const
{
    if (!m_ttl || m_noAutoRelease->isChecked())
        return std::nullopt;
    return m_ttl->value();
}

QString FormDialog::ttlProblem() const
{
    if (!m_ttl || m_noAutoRelease->isChecked())
        return {};
    const int seconds = m_ttl->value();
    if (seconds >= AcquireRequest::minimumTtlSeconds && seconds <= AcquireRequest::maximumTtlSeconds)
        return {};
    return tr("The time to live must be between %1 s (1 min) and %2 s (24 h); or tick No auto-release.")
        .arg(AcquireRequest::minimumTtlSeconds)
        .arg(AcquireRequest::maximumTtlSeconds);
}

bool FormDialog::checkTtlField()
{
    const QString problem = ttlProblem();
    setFieldError(u"ttl_seconds"_s, problem);
    return problem.isEmpty();
}

bool FormDialog::checkEmailField(const QString &email)
{
    if (email.isEmpty() || isPlausibleEmail(email))
        return true;
    setFieldError(u"test_account_email"_s, tr("This does not look like an email address."));
    return false;
}

bool FormDialog::isPlausibleEmail(const QString &email)
{
    // Deliberately loose: one @, no spaces, a dot in the domain. The server has the final word.
    static const QRegularExpression re(u"^[^@\\s]+@[^@\\s]+\\.[^@\\s.]+$"_s);
    return re.match(email).hasMatch();
}

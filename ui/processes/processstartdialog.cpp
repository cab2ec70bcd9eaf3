#include "processes/processstartdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ProcessStartDialog::ProcessStartDialog(const QString &sandbox, QWidget *parent)
    : QDialog(parent), m_command(new QLineEdit(this)), m_folder(new QLineEdit(this)),
      m_environment(new QPlainTextEdit(this)), m_name(new QLineEdit(this)), m_ports(new QLineEdit(this)),
      m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"processStartDialog"_s);
    setWindowTitle(tr("Start a Process in %1").arg(sandbox));
    m_command->setObjectName(u"processCommand"_s);
    m_command->setPlaceholderText(tr("python3 -m http.server 8000"));
    m_folder->setObjectName(u"processFolder"_s);
    m_folder->setPlaceholderText(tr("the sandbox's working folder"));
    m_environment->setObjectName(u"processEnvironment"_s);
    m_environment->setPlaceholderText(tr("NAME=value, one per line"));
    m_environment->setTabChangesFocus(true);
    m_environment->setFixedHeight(m_environment->fontMetrics().lineSpacing() * 4 + 12);
    m_name->setObjectName(u"processName"_s);
    m_name->setPlaceholderText(tr("chosen by the sandbox"));
    m_ports->setObjectName(u"processPorts"_s);
    m_ports->setPlaceholderText(tr("e.g. 8000, 8080"));
    m_problem->setObjectName(u"processStartProblem"_s);
    m_problem->setWordWrap(true);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Start"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Command:"), m_command);
    form->addRow(tr("&Folder:"), m_folder);
    form->addRow(tr("&Environment:"), m_environment);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Wait for ports:"), m_ports);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (auto *field : {m_command, m_folder, m_name, m_ports})
        connect(field, &QLineEdit::textChanged, this, &ProcessStartDialog::validate);
    connect(m_environment, &QPlainTextEdit::textChanged, this, &ProcessStartDialog::validate);
    // Commands are long lines: room for one.
    setMinimumWidth(fontMetrics().averageCharWidth() * 80);
    validate();
}

void ProcessStartDialog::setRequest(const BlaxelProcessRequest &request)
{
    m_command->setText(request.command);
    m_folder->setText(request.workingDir);
    QStringList lines;
    for (const auto &[name, value] : request.environment)
        lines << name + u'=' + value;
    m_environment->setPlainText(lines.join(u'\n'));
    m_name->setText(request.name);
    QStringList ports;
    for (const int port : request.waitForPorts)
        ports << QString::number(port);
    m_ports->setText(ports.join(u", "_s));
}

std::optional<BlaxelProcessRequest> ProcessStartDialog::request(QString *problem) const
{
    BlaxelProcessRequest request;
    request.command = m_command->text().trimmed();
    if (request.command.isEmpty()) {
        *problem = tr("Type the command to start.");
        return std::nullopt;
    }
    request.workingDir = m_folder->text().trimmed();
    if (!request.workingDir.isEmpty() && !request.workingDir.startsWith(u'/')) {
        *problem = tr("The folder is a path in the sandbox, from / .");
        return std::nullopt;
    }
    request.name = m_name->text().trimmed();
    static const QRegularExpression namePattern(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"_s);
    if (!request.name.isEmpty() && !namePattern.match(request.name).hasMatch()) {
        *problem = tr("A name is up to 64 letters, digits, '.', '_' or '-'.");
        return std::nullopt;
    }
    static const QRegularExpression variable(u"^[A-Za-z_][A-Za-z0-9_]*$"_s);
    const QStringList lines = m_environment->toPlainText().split(u'\n');
    for (const QString &line : lines) {
        if (line.trimmed().isEmpty())
            continue;
        const qsizetype equals = line.indexOf(u'=');
        const QString name = line.left(equals).trimmed();
        if (equals < 0 || !variable.match(name).hasMatch()) {
            *problem = tr("Each environment line is NAME=value: '%1' is not.").arg(line.left(40));
            return std::nullopt;
        }
        request.environment.append({name, line.mid(equals + 1)});
    }
    const QStringList ports = m_ports->text().split(u',', Qt::SkipEmptyParts);
    for (const QString &text : ports) {
        bool ok = false;
        const int port = text.trimmed().toInt(&ok);
        if (!ok || port < 1 || port > 65535) {
            *problem = tr("A port is a number from 1 to 65535: '%1' is not.").arg(text.trimmed().left(20));
            return std::nullopt;
        }
        request.waitForPorts.append(port);
    }
    return request;
}

void ProcessStartDialog::validate()
{
    QString problem;
    const bool ok = request(&problem).has_value();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
    m_problem->setText(problem);
    m_problem->setVisible(!ok);
}

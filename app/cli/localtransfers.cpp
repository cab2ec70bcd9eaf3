// `local upload` and `local dump`: the workspace transfer commands of CliRunner.
#include "clirunner.h"

using namespace Qt::StringLiterals;

void CliRunner::localUpload()
{
    m_output.err(u"error: workspace upload is not available in this build yet\n"_s);
    done(1);
}

void CliRunner::localDump()
{
    m_output.err(u"error: workspace dump is not available in this build yet\n"_s);
    done(1);
}

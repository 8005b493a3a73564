package org.tsdbbench.common.workload;

import java.nio.file.Path;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.query.RowShaper;

/** A query ready to run: its text in the database's dialect, the dialect's shaper of its rows, and the answer it must give. */
public record PreparedQuery(Query query, String text, RowShaper shaper, ExpectedAnswer answer) {
    public String id() {
        return query.id();
    }

    /** Runs the query, every row it returns reaching the check in the catalog's shape; the check says what differed. */
    public ResultCheck run(Session session) throws DatabaseException {
        ResultCheck check = answer.newCheck();
        ResultSink rows = shaper.shape(check);
        session.query(text, rows);
        rows.end();
        return check;
    }

    /** Runs the query and checks every row it returns: a wrong answer throws, naming what differs. */
    public long runChecked(Session session) throws DatabaseException {
        return runChecked(session, null);
    }

    /**
     * As {@link #runChecked(Session)}, a wrong answer also appended to {@code wrongAnswers} (when not
     * null) before it throws: the step that ran the benchmark reads it there, since JMH keeps a
     * failed iteration's exception to its own output.
     */
    public long runChecked(Session session, Path wrongAnswers) throws DatabaseException {
        ResultCheck check = run(session);
        String mismatch = check.mismatch();
        if (mismatch == null) return check.rows();
        if (wrongAnswers != null) WrongAnswers.append(wrongAnswers, mismatch);
        throw new IllegalStateException("wrong answer: " + mismatch);
    }
}

package org.tsdbbench.common.contract;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.db.Database;

/** Runs a database's CLI in this JVM as a user would, capturing everything it prints (stdout and stderr, JMH's too). */
public final class CliCapture {

    /** The exit code and the output, stdout and stderr interleaved. */
    public record Result(int exit, String output) {
    }

    private CliCapture() {
    }

    public static Result run(Database db, List<String> args) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        PrintStream capture = new PrintStream(buf, true, StandardCharsets.UTF_8);
        int exit;
        try {
            System.setOut(capture);
            System.setErr(capture);
            exit = BenchCli.run(db, args.toArray(String[]::new));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        String output = buf.toString(StandardCharsets.UTF_8);
        oldOut.println(output);
        return new Result(exit, output);
    }
}

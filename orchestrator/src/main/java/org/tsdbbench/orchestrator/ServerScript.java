package org.tsdbbench.orchestrator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A local server as its script under scripts/servers/ runs it: {@code start}, {@code stop},
 * {@code status} (exit 0 running, 3 stopped), and {@code client}, which prints what a client of
 * the running server needs ({@code env NAME=VALUE}, {@code secret NAME=FILE} and {@code arg VALUE}
 * lines: a native library path, the file holding a generated password, the flags that reach it). A start that exits 4 says the server
 * cannot be had on this machine (not installed): the database is skipped, not failed. The scripts
 * keep each server's pid files in its state folder, which is how a running server is pinned to
 * the cores of {@code --server-cores}.
 */
final class ServerScript {

    /** Exit code of a start that cannot happen here: the server is not installed and the script cannot install it. */
    static final int UNAVAILABLE = 4;

    /** What a client of the running server needs: environment for the step's JVM, and flags for each step. */
    record Client(Map<String, String> env, List<String> args) {
    }

    /** How a start went: ok, unavailable here (skipped), or failed; the script's last "error:" line says why. */
    record Start(int exitCode, String error) {
        boolean ok() {
            return exitCode == 0;
        }

        boolean unavailable() {
            return exitCode == UNAVAILABLE;
        }
    }

    private final Project project;
    private final String name;
    private final PrintStream log;

    ServerScript(Project project, String name, PrintStream log) {
        this.project = project;
        this.name = name;
        this.log = log;
    }

    String name() {
        return name;
    }

    boolean exists() {
        return Files.isRegularFile(project.serverScript(name));
    }

    boolean running() throws IOException, InterruptedException {
        return run(List.of(), "status", true).exitCode() == 0;
    }

    /** Starts it; with {@code cpus} (taskset's list, e.g. "0-0") the server and everything it starts run on those CPUs only. */
    Start start(String cpus) throws IOException, InterruptedException {
        return run(cpus == null ? List.of() : List.of("taskset", "-c", cpus), "start", false);
    }

    Start stop() throws IOException, InterruptedException {
        return run(List.of(), "stop", false);
    }

    /**
     * What a client of the running server needs. A {@code secret NAME=FILE} line names the file
     * holding a password (the script never prints one): its first line becomes NAME in the steps'
     * environment, passed on, never printed.
     */
    Client client() throws IOException, InterruptedException, UsageException {
        Process p = new ProcessBuilder("bash", project.serverScript(name).toString(), "client").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Map<String, String> env = new LinkedHashMap<>();
        List<String> args = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("env ") && line.indexOf('=') > 4) {
                    env.put(line.substring(4, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
                } else if (line.startsWith("secret ") && line.indexOf('=') > 7) {
                    env.put(line.substring(7, line.indexOf('=')), firstLine(Path.of(line.substring(line.indexOf('=') + 1))));
                } else if (line.startsWith("arg ")) {
                    args.add(line.substring(4));
                } else if (!line.isBlank()) {
                    throw new UsageException("scripts/servers/" + name + ".sh client: unexpected line (env NAME=VALUE, secret NAME=FILE or arg VALUE): "
                            + line.split("=")[0]);
                }
            }
        }
        if (p.waitFor() != 0) throw new UsageException("scripts/servers/" + name + ".sh client failed (exit " + p.exitValue() + ")");
        return new Client(env, args);
    }

    /** The password a {@code secret} line names: the first line of its file. */
    private String firstLine(Path file) throws UsageException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = r.readLine();
            return first == null ? "" : first;
        } catch (IOException e) {
            throw new UsageException("scripts/servers/" + name + ".sh client: the password file " + file + " cannot be read (" + e.getMessage() + ")");
        }
    }

    /** One node of a cluster as its script's status names it: {@code node <index> <address> pid <pid> <state>}; pid -1 when stopped. */
    record Node(int index, String address, long pid, String state) {
    }

    /** The nodes the script's {@code status} lists (a cluster's; none for a single server). */
    List<Node> nodes() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", project.serverScript(name).toString(), "status").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return parseNodes(out);
    }

    static List<Node> parseNodes(String status) {
        List<Node> nodes = new ArrayList<>();
        java.util.regex.Pattern node = java.util.regex.Pattern.compile("node (\\d+) (\\S+) pid (\\d+|-) (\\S+)");
        for (String line : status.lines().toList()) {
            java.util.regex.Matcher m = node.matcher(line.strip());
            if (m.matches()) {
                nodes.add(new Node(Integer.parseInt(m.group(1)), m.group(2), m.group(3).equals("-") ? -1 : Long.parseLong(m.group(3)), m.group(4)));
            }
        }
        return nodes;
    }

    /** The live processes of the server: the pids its script keeps in {@code <state>/<name>/*.pid}. */
    List<Long> pids() throws IOException {
        Path dir = project.stateRoot().resolve(name);
        List<Long> pids = new ArrayList<>();
        if (!Files.isDirectory(dir)) return pids;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".pid")).sorted().toList()) {
                try {
                    long pid = Long.parseLong(Files.readString(f).strip());
                    if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) pids.add(pid);
                } catch (NumberFormatException e) {
                    // a pid file being written: not a process of ours yet
                }
            }
        }
        return pids;
    }

    /** Runs one action; its output goes to the log (status's only when asked), and the last "error:" line is kept. */
    private Start run(List<String> prefix, String action, boolean quiet) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("bash", project.serverScript(name).toString(), action));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String error = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!quiet) log.println(line);
                if (line.startsWith("error: ")) error = line.substring("error: ".length());
            }
        }
        int rc = p.waitFor();
        return new Start(rc, error != null ? error : "scripts/servers/" + name + ".sh " + action + " exited " + rc);
    }
}

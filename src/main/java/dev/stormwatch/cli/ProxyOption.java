package dev.stormwatch.cli;

import dev.stormwatch.http.ProxyRoutes;
import java.util.Optional;
import java.util.function.UnaryOperator;
import picocli.CommandLine;

/**
 * The {@code --proxy} option of the commands that talk to a provider ({@code session}, {@code call}): an explicit
 * proxy that replaces the environment's (PX6), with its password from the URL or from {@link #PASSWORD_VARIABLE}
 * (PX7).
 */
final class ProxyOption {

    /** The variable a proxy's password comes from when the proxy URL names a user and no password (PX7). */
    static final String PASSWORD_VARIABLE = "STORMWATCH_PROXY_PASSWORD";

    /** The option's description, one text for every command that has it. */
    static final String DESCRIPTION = "Send every request to the provider through this http proxy instead of the"
            + " environment's (HTTPS_PROXY, HTTP_PROXY), as http://[user@]host:port; 'direct' sends every request"
            + " direct. NO_PROXY hosts and this machine still go direct. A user's password comes from the URL or from "
            + PASSWORD_VARIABLE + " (PX6, PX7).";

    private ProxyOption() {}

    /**
     * The routes of a command: the explicit proxy when one is given, else the environment's (else Java's).
     *
     * @throws CommandLine.ParameterException naming {@code --proxy} or the variable whose value is not a proxy URL
     */
    static ProxyRoutes routes(String proxy, UnaryOperator<String> environment, CommandLine command) {
        boolean explicit = proxy != null && !proxy.isBlank();
        ProxyRoutes fromEnvironment;
        try {
            fromEnvironment = ProxyRoutes.from(environment, System::getProperty);
        } catch (IllegalArgumentException e) {
            if (!explicit) {
                throw new CommandLine.ParameterException(command, e.getMessage());
            }
            fromEnvironment = ProxyRoutes.DIRECT; // --proxy replaces the broken variable; its NO_PROXY is lost too
        }
        Optional<String> password =
                Optional.ofNullable(environment.apply(PASSWORD_VARIABLE)).filter(p -> !p.isEmpty());
        try {
            return ProxyRoutes.explicit(proxy, password, "--proxy", fromEnvironment);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(command, e.getMessage());
        }
    }
}
